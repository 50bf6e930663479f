"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Card } from "@/app/_components/Card";
import { CheckIcon } from "@/app/_components/Icons";
import { cx } from "@/app/_components/cx";
import { useTRPC } from "@/app/_lib/trpc";

/** Where each step is done, in the account's first project (or creating one). */
function hrefOf(step: string, projectId: string | undefined): string {
  if (!projectId) return "/projects#new";
  const base = `/projects/${projectId}`;
  return (
    {
      project_created: "/projects#new",
      origin_added: `${base}/settings`,
      key_created: `${base}/keys`,
      embed_copied: `${base}/embed`,
      first_session: `${base}/embed`,
      first_play: `${base}/game`,
      campaign_created: `${base}/campaigns`,
      first_webhook_delivered: `${base}/webhooks`,
    }[step] ?? base
  );
}

/**
 * The way from sign-up to a first delivered reward — the console's one checklist (the projects page
 * and every project's Overview show this same list, from GET /v1/admin/onboarding): each step ticks
 * itself off when it really happens in the account's projects. Once all are done it closes with an
 * "all set" line instead of vanishing. `layout="column"` fits a narrow card; links go into
 * `projectId` (the project on screen, or the account's first).
 */
export function OnboardingChecklist({ projectId, layout = "grid" }: { projectId?: string; layout?: "grid" | "column" }) {
  const trpc = useTRPC();
  const onboarding = useQuery(trpc.onboarding.get.queryOptions());
  const o = onboarding.data;
  if (!o) return null;
  if (o.finished) {
    return (
      <Card data-testid="onboarding-done">
        <div className="flex items-start gap-3 px-5 py-4">
          <span className="grid size-7 shrink-0 place-items-center rounded-full bg-emerald-600 text-white" aria-hidden="true">
            <CheckIcon className="size-4" />
          </span>
          <div>
            <h2 className="font-semibold text-slate-900">All set</h2>
            <p className="text-sm text-slate-600">All {o.steps.length} steps are done: players play on your site and your server receives signed rewards.</p>
          </div>
        </div>
      </Card>
    );
  }
  const doneCount = o.steps.filter((s) => s.done).length;
  return (
    <Card data-testid="onboarding">
      <div className={cx("flex flex-col gap-1 border-b border-slate-100 px-5 py-4", layout === "grid" && "sm:flex-row sm:items-center sm:justify-between")}>
        <div>
          <h2 className="font-semibold text-slate-900">Get to your first reward</h2>
          <p className="text-sm text-slate-600">
            {doneCount} of {o.steps.length} steps done. Each one ticks itself off when it happens.
          </p>
        </div>
        <div className={cx("h-2 w-full overflow-hidden rounded-full bg-slate-100", layout === "grid" && "sm:w-48")} role="progressbar" aria-label="Onboarding progress" aria-valuenow={doneCount} aria-valuemin={0} aria-valuemax={o.steps.length}>
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${(doneCount / o.steps.length) * 100}%` }} />
        </div>
      </div>
      <ol className={cx("grid gap-px bg-slate-100", layout === "grid" && "sm:grid-cols-2 lg:grid-cols-4")}>
        {o.steps.map((s, i) => {
          const next = s.step === o.next_step;
          return (
            <li key={s.step} className="bg-white" data-testid={`step-${s.step}`} data-done={s.done}>
              <Link href={hrefOf(s.step, projectId)} className={cx("flex h-full gap-3 px-5 transition hover:bg-slate-50", layout === "grid" ? "py-4" : "py-3", next && "bg-brand-50/60")}>
                <span
                  className={cx(
                    "grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold",
                    s.done ? "bg-emerald-600 text-white" : next ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600",
                  )}
                  aria-hidden="true"
                >
                  {s.done ? <CheckIcon className="size-3.5" /> : i + 1}
                </span>
                <span className="min-w-0">
                  <span className={cx("block text-sm font-medium", s.done ? "text-slate-600 line-through decoration-slate-400" : "text-slate-900")}>
                    {s.title}
                    <span className="sr-only">{s.done ? " (done)" : next ? " (next)" : ""}</span>
                  </span>
                  <span className="block text-xs text-slate-600">{s.detail}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
