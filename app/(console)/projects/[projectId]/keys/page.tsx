import { ApiKeys } from "./api-keys";

export const metadata = { title: "API keys" };

export default function ProjectKeysPage() {
  return <ApiKeys />;
}
