import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-8 px-6 py-16">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Playloop</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">Games, rewards and retention for your site</h1>
        <p className="mt-4 text-lg text-slate-600">
          Add one loader script and a project id; your players get server-authoritative mini-games, and wins become signed
          reward webhooks to your server.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/signup" className="rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700">
            Create account
          </Link>
          <Link href="/login" className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-700 shadow-sm transition hover:bg-slate-50">
            Sign in
          </Link>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Card href="/docs" title="API reference" text="Every /v1 route, generated from the code." />
        <Card href="/v1/status" title="Service status" text="Engine, latency and job health." />
        <Card href="/v1/health" title="Health" text="Liveness of this instance." />
      </div>
    </main>
  );
}

function Card({ href, title, text }: { href: string; title: string; text: string }) {
  return (
    <Link href={href} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow">
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </Link>
  );
}
