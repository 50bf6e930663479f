import { WheelView } from "./wheel-view";

export const metadata = { title: "Wheel" };

export default function WheelPage() {
  return <WheelView />;
}
