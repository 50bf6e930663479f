import { ProjectFrame } from "./project-frame";

export default function ProjectLayout({ children }: { children: React.ReactNode }) {
  return <ProjectFrame>{children}</ProjectFrame>;
}
