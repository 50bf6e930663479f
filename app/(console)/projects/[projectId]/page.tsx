import { ProjectOverview } from "./overview";

export const metadata = { title: "Project overview" };

export default function ProjectOverviewPage() {
  return <ProjectOverview />;
}
