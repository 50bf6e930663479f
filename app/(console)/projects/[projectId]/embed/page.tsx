import { EmbedView } from "./embed-view";

export const metadata = { title: "Embed" };

export default function ProjectEmbedPage() {
  return <EmbedView />;
}
