import { ProjectsView } from "./projects-view";

export const metadata = { title: "Projects" };

export default function ProjectsPage() {
  return <ProjectsView />;
}
