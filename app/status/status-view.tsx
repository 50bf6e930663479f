"use client";

import { useEffect, useState } from "react";
import { Badge, type TBadgeTone } from "@/app/_components/Badge";
import { Logo } from "@/app/_components/Logo";
import { Skeleton } from "@/app/_components/Spinner";
import { GAME_METAS } from "@/games/metas";
import { formatDuration, formatNumber } from "@/i18n/format";

type TJob = { name: string; status: "ok" | "late" | "failing" | "never_ran"; interval_seconds: number; last_succeeded_at: string | null; runs: number; failures: number };
type TStatus = {
  status: "ok" | "degraded";
  version: string;
  server_time: string;
  uptime_seconds: number;
  engine: { status: "ok" | "degraded"; database: string; cache: string };
  game_run_latency_ms: Record<string, Record<string, { count: number; p50: number; p95: number; p99: number }>>;
  metrics: { jobs: TJob[] };
};

const JOB_STATE: Record<TJob["status"], { label: string; tone: TBadgeTone }> = {
  ok: { label: "On time", tone: "green" },
  late: { label: "Late", tone: "amber" },
  failing: { label: "Failing", tone: "red" },
  never_ran: { label: "Not run yet", tone: "neutral" },
};

/** What each background job does, in words (server/jobs/definitions.ts). */
const JOB_NAMES: Record<string, string> = {
  "system.heartbeat": "Worker heartbeat",
  "play.expire-runs": "Closing idle games",
  "rewards.release-held": "Releasing held rewards",
  "fraud.retention": "Fraud flag retention",
  "players.retention": "Erasure record retention",
  "events.partitions": "Event retention (monthly partitions)",
  "players.erase-hot-storage": "Erasure cache cleanup",
  "billing.issue-invoices": "Monthly invoices",
  "billing.dunning": "Unpaid invoice follow-up",
};

const gameName = (id: string) => GAME_METAS.find((g) => g.id === id)?.name ?? id;

function ago(iso: string | null, serverTime: string): string {
  if (!iso) return "never";
  return `${formatDuration(Math.max(0, (Date.parse(serverTime) - Date.parse(iso)) / 1000))} ago`;
}

/** Reads /v1/status every 30 s and says it in words: overall state, stores, background jobs and game speed. */
export function StatusView() {
  const [s, setS] = useState<TStatus | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        const res = await fetch("/v1/status", { cache: "no-store" });
        const body = (await res.json()) as TStatus;
        if (live) {
          setS(body);
          setFailed(false);
        }
      } catch {
        if (live) setFailed(true);
      }
    };
    void load();
    const timer = setInterval(load, 30_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  const ok = s?.status === "ok";
  const latencies = s ? Object.entries(s.game_run_latency_ms).flatMap(([game, actions]) => Object.entries(actions).map(([action, p]) => ({ game, action, ...p }))) : [];
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex w-full max-w-3xl items-center justify-between px-6 py-6">
        <Logo />
        <nav aria-label="Site" className="flex gap-5 text-sm font-medium text-slate-600">
          <a href="/" className="hover:text-slate-900">Home</a>
          <a href="/docs" className="hover:text-slate-900">API docs</a>
        </nav>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 px-6 pb-16">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Service status</h1>
        {failed && !s && <p className="rounded-lg bg-red-50 p-4 text-sm text-red-800">The service did not answer. It may be restarting; this page tries again every 30 seconds.</p>}
        {!s && !failed && <Skeleton className="h-24 rounded-xl" />}
        {s && (
          <>
            <section className={ok ? "rounded-xl bg-emerald-50 p-5 ring-1 ring-emerald-200" : "rounded-xl bg-amber-50 p-5 ring-1 ring-amber-200"} data-testid="status-overall">
              <p className={ok ? "text-lg font-semibold text-emerald-900" : "text-lg font-semibold text-amber-900"}>{ok ? "Everything is running normally" : "Running with problems"}</p>
              <p className="mt-1 text-sm text-slate-700">
                Version {s.version} · up for {formatDuration(s.uptime_seconds)} · database {s.engine.database === "ok" ? "connected" : s.engine.database}, cache {s.engine.cache === "ok" ? "connected" : s.engine.cache === "in_process" ? "in this process" : s.engine.cache}
              </p>
            </section>
            <section aria-labelledby="jobs-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h2 id="jobs-heading" className="font-semibold text-slate-900">Background work</h2>
              <ul className="mt-3 divide-y divide-slate-100" data-testid="status-jobs">
                {s.metrics.jobs.map((j) => (
                  <li key={j.name} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span className="text-slate-800">{JOB_NAMES[j.name] ?? j.name}</span>
                    <span className="flex items-center gap-3 text-slate-600">
                      <span>last done {ago(j.last_succeeded_at, s.server_time)}</span>
                      <Badge tone={JOB_STATE[j.status].tone}>{JOB_STATE[j.status].label}</Badge>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="speed-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h2 id="speed-heading" className="font-semibold text-slate-900">Game speed on the server</h2>
              {latencies.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No games played since this process started.</p>
              ) : (
                <table className="mt-3 w-full text-sm">
                  <thead className="text-left text-xs text-slate-500">
                    <tr>
                      <th className="py-1 font-medium">Game</th>
                      <th className="py-1 font-medium">Action</th>
                      <th className="py-1 text-right font-medium">Requests</th>
                      <th className="py-1 text-right font-medium">Typical</th>
                      <th className="py-1 text-right font-medium">Slowest 5 %</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 tabular-nums">
                    {latencies.map((l) => (
                      <tr key={`${l.game}-${l.action}`}>
                        <td className="py-1.5 text-slate-800">{gameName(l.game)}</td>
                        <td className="py-1.5 text-slate-600">{l.action === "start" ? "Start a game" : l.action === "command" ? "A move" : l.action}</td>
                        <td className="py-1.5 text-right text-slate-600">{formatNumber(l.count)}</td>
                        <td className="py-1.5 text-right text-slate-800">{formatNumber(Math.round(l.p50 * 10) / 10)} ms</td>
                        <td className="py-1.5 text-right text-slate-800">{formatNumber(Math.round(l.p95 * 10) / 10)} ms</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <p className="text-xs text-slate-500">
              Checked {new Date(s.server_time).toLocaleTimeString("en-US", { timeZone: "UTC", hour: "2-digit", minute: "2-digit" })} UTC; refreshes every 30 seconds. For machines: <a className="underline" href="/v1/status">/v1/status</a> (JSON).
            </p>
          </>
        )}
      </main>
    </div>
  );
}
