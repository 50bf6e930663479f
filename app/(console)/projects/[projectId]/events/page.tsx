import { EventsView } from "./events-view";

export const metadata = { title: "Events" };

export default function EventsPage() {
  return <EventsView />;
}
