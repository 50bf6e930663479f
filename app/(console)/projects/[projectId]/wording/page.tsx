import { WordingEditor } from "./wording-editor";

export const metadata = { title: "Wording" };

export default function ProjectWordingPage() {
  return <WordingEditor />;
}
