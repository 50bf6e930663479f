import { StatusPage } from "./_components/StatusPage";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return <StatusPage code="404" title="We couldn't find that page" text="The link may be old, or the page moved. Your projects and games are safe." />;
}
