import { WebhooksView } from "./webhooks-view";

export const metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return <WebhooksView />;
}
