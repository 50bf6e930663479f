import { TRPCReactProvider } from "@/app/_lib/trpc";
import { ConsoleGuard } from "./console-guard";

export const metadata = { robots: { index: false } };

export default function ConsoleLayout({ children }: { children: React.ReactNode }) {
  return (
    <TRPCReactProvider>
      <ConsoleGuard>{children}</ConsoleGuard>
    </TRPCReactProvider>
  );
}
