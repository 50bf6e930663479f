import { InsightsView } from "./insights-view";

export const metadata = { title: "Insights" };

export default function InsightsPage() {
  return <InsightsView />;
}
