import { Logo } from "@/app/_components/Logo";
import { TRPCReactProvider } from "@/app/_lib/trpc";

export const metadata = { robots: { index: false } };

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <TRPCReactProvider>
      <div className="relative flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
        <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-6 py-6">
          <Logo />
          <a href="/docs" className="text-sm font-medium text-slate-500 hover:text-slate-800">
            API docs
          </a>
        </header>
        <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:pt-0">{children}</main>
      </div>
    </TRPCReactProvider>
  );
}
