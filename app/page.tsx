import Image from "next/image";
import Link from "next/link";
import { buttonClass } from "./_components/Button";
import { Logo } from "./_components/Logo";

export const metadata = { title: { absolute: "Playloop — games and rewards for your website" } };

const FEATURES = [
  { title: "Three games, ready to play", text: "Gem Match, Memory Pairs and Parcel Pilot, each with a designed level track, on phones and desktops." },
  { title: "Rewards you can trust", text: "Every move is checked on the server. Wins become signed webhooks to your shop, with fraud checks before anything is paid out." },
  { title: "One script tag", text: "Paste the loader into your site and pick a game. Players can start anonymously or signed in with your own accounts." },
  { title: "A console for the whole team", text: "Campaigns, a prize wheel, an in-game economy, claims, webhooks and API keys — in one place." },
];

export default function Home() {
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-6 py-6">
        <Logo />
        <nav aria-label="Site" className="flex items-center gap-2 sm:gap-4">
          <a href="/docs" className="hidden text-sm font-medium text-slate-600 hover:text-slate-900 sm:inline">
            API docs
          </a>
          <Link href="/login" className={buttonClass("ghost", "md")}>
            Sign in
          </Link>
          <Link href="/signup" className={buttonClass("primary", "md")}>
            Sign up
          </Link>
        </nav>
      </header>
      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-6 pt-6 pb-16 lg:grid-cols-[1.1fr_1fr] lg:pt-12">
          <div>
            <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Playloop</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Mini-games that bring your customers back</h1>
            <p className="mt-5 max-w-xl text-lg text-slate-600">
              Add short, polished games to your website in minutes. Players come back for the next level, you reward the wins, and you see
              what keeps them playing.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href="/signup" className={buttonClass("primary", "lg")}>
                Create account
              </Link>
              <Link href="/login" className={buttonClass("secondary", "lg")}>
                Sign in
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">
              Integrating? Read the{" "}
              <a href="/docs" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                API reference
              </a>
              .
            </p>
          </div>
          <figure className="mx-auto w-full max-w-xs">
            <div className="overflow-hidden rounded-[2rem] border-8 border-slate-900 bg-slate-900 shadow-2xl">
              <Image src="/landing/play-shell.png" alt="The Playloop play shell on a phone: a Gem Match level with its score bar, goals and moves" width={390} height={800} priority className="h-auto w-full" />
            </div>
            <figcaption className="mt-3 text-center text-sm text-slate-600">Gem Match, as your players see it on a phone</figcaption>
          </figure>
        </section>
        <section aria-labelledby="features" className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-6 py-14">
            <h2 id="features" className="text-2xl font-bold tracking-tight text-slate-900">
              What Playloop does
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map((f) => (
                <li key={f.title} className="rounded-xl border border-slate-200 p-5">
                  <h3 className="font-semibold text-slate-900">{f.title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{f.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <footer className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-6 py-8 text-sm text-slate-600">
        <span>© Playloop</span>
        <a href="/docs" className="hover:text-slate-900">
          Developer docs
        </a>
        <a href="/status" className="hover:text-slate-900">
          Service status
        </a>
      </footer>
    </div>
  );
}
