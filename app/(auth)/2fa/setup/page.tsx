import { TwoFactorSetup } from "./two-factor-setup";

export const metadata = { title: "Set up two-factor authentication" };

export default function TwoFactorSetupPage() {
  return <TwoFactorSetup />;
}
