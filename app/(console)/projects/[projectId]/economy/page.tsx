import { EconomyView } from "./economy-view";

export const metadata = { title: "Economy" };

export default function EconomyPage() {
  return <EconomyView />;
}
