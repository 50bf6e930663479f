import { PlayersView } from "./players-view";

export const metadata = { title: "Players" };

export default function PlayersPage() {
  return <PlayersView />;
}
