import { FraudView } from "./fraud-view";

export const metadata = { title: "Fraud" };

export default function FraudPage() {
  return <FraudView />;
}
