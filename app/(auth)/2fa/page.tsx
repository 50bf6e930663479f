import { TwoFactorChallenge } from "./two-factor-challenge";

export const metadata = { title: "Two-factor verification" };

export default function TwoFactorPage() {
  return <TwoFactorChallenge />;
}
