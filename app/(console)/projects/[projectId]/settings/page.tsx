import { SettingsForm } from "./settings-form";

export const metadata = { title: "Project settings" };

export default function ProjectSettingsPage() {
  return <SettingsForm />;
}
