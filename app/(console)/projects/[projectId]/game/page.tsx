import { GameSettings } from "./game-settings";

export const metadata = { title: "Game" };

export default function ProjectGamePage() {
  return <GameSettings />;
}
