import { WatchRun } from "./watch-run";

export const metadata = { title: "Watch the run" };

export default function WatchRunPage() {
  return <WatchRun />;
}
