import { PlayerView } from "../player-view";

export const metadata = { title: "Player" };

export default function PlayerPage() {
  return <PlayerView />;
}
