import { Logo } from "./Logo";
import { buttonClass } from "./Button";

/** The branded frame of the 404 and error pages: the logo, a message and ways back. */
export function StatusPage({ code, title, text, children }: { code: string; title: string; text: string; children?: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-6 py-6">
        <Logo />
        <nav aria-label="Site" className="flex gap-5 text-sm font-medium text-slate-600">
          <a href="/projects" className="hover:text-slate-900">Console</a>
          <a href="/docs" className="hover:text-slate-900">API docs</a>
        </nav>
      </header>
      <main className="flex flex-1 items-center justify-center px-6 pb-24">
        <div className="max-w-md text-center">
          <p className="text-sm font-semibold tracking-wider text-brand-600">{code}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-3 text-slate-600">{text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {children}
            <a href="/projects" className={buttonClass("primary", "lg")}>Go to your projects</a>
            <a href="/" className={buttonClass("secondary", "lg")}>Playloop home</a>
          </div>
        </div>
      </main>
    </div>
  );
}
