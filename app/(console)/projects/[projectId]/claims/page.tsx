import { ClaimsView } from "./claims-view";

export const metadata = { title: "Claims" };

export default function ClaimsPage() {
  return <ClaimsView />;
}
