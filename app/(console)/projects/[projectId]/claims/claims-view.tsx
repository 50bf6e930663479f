"use client";

import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Card, CardHeader } from "@/app/_components/Card";
import { EmptyState } from "@/app/_components/EmptyState";
import { CheckIcon } from "@/app/_components/Icons";
import { Input } from "@/app/_components/Input";
import { Skeleton } from "@/app/_components/Spinner";
import { cx } from "@/app/_components/cx";
import { useTRPC } from "@/app/_lib/trpc";
import { useNow } from "../_rewards/format";
import { useGames } from "../_rewards/games";
import { RewardsModeBanner } from "../_rewards/rewards-mode-banner";
import type { TClaim, TClaimStatus } from "../_rewards/types";
import { useProjectId } from "../use-project";
import { ClaimRow, type TDecision } from "./claim-row";

const LIMIT = 50;
const FILTERS: Array<{ value: string; label: string; statuses: Array<TClaimStatus | undefined> }> = [
  { value: "attention", label: "Needs a decision", statuses: ["review", "held"] },
  { value: "review", label: "In review", statuses: ["review"] },
  { value: "held", label: "Held", statuses: ["held"] },
  { value: "deliverable", label: "Approved", statuses: ["deliverable"] },
  { value: "rejected", label: "Rejected", statuses: ["rejected"] },
  { value: "all", label: "All", statuses: [undefined] },
];

export function ClaimsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const now = useNow(1000);
  const { titleOf } = useGames();
  const [filter, setFilter] = useState("attention");
  const [player, setPlayer] = useState("");
  const [playerQuery, setPlayerQuery] = useState("");
  // Claims decided here stay in view with their outcome, even once the filter no longer matches them.
  const [decisions, setDecisions] = useState<Record<string, TDecision & { claim: TClaim }>>({});
  const statuses = FILTERS.find((f) => f.value === filter)!.statuses;
  const queries = useQueries({
    // Claims arrive as players win, not through this page: always load afresh.
    queries: statuses.map((status) => ({
      ...trpc.claims.list.queryOptions({ project_id: projectId, limit: LIMIT, ...(status ? { status } : {}), ...(playerQuery ? { external_user_id: playerQuery } : {}) }),
      staleTime: 0,
    })),
  });
  const campaigns = useQuery(trpc.campaigns.list.queryOptions({ project_id: projectId }));
  const rules = useQuery(trpc.fraud.rules.queryOptions({ project_id: projectId }));

  const fetched = queries.flatMap((q) => q.data?.claims ?? []);
  const ids = new Set(fetched.map((c) => c.claim_id));
  const kept = Object.values(decisions).filter((d) => !ids.has(d.claim.claim_id)).map((d) => d.claim);
  const list = [...fetched, ...kept].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.claim_id.localeCompare(a.claim_id));
  const pending = queries.some((q) => q.isPending);
  const error = queries.find((q) => q.error)?.error;
  const full = queries.some((q) => (q.data?.claims.length ?? 0) >= LIMIT);

  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.claims.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.fraud.metrics.pathKey() });
    // A release queues a delivery; a rejection may too (lifecycle events).
    void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() });
  };
  type TKept = TDecision & { claim: TClaim };
  const decide = (claim: TClaim, patch: Partial<TKept>) =>
    setDecisions((d) => ({ ...d, [claim.claim_id]: { ...(d[claim.claim_id] ?? { kind: "release", state: "pending" }), claim, ...patch } }));
  const release = useMutation(trpc.claims.release.mutationOptions({ onSuccess: settle }));
  const reject = useMutation(trpc.claims.reject.mutationOptions({ onSuccess: settle }));
  // The row changes at once ("Releasing…"), then shows the outcome; a failure brings the buttons back.
  const onRelease = (c: TClaim) => {
    decide(c, { kind: "release", state: "pending" });
    release.mutate(
      { project_id: projectId, claim_id: c.claim_id },
      {
        onSuccess: (r) => decide(c, { state: "done", claim: { ...c, status: "deliverable", hold_until: null, delivery: r.delivery_id ? { delivery_id: r.delivery_id, status: "queued" } : null } }),
        onError: (e) => decide(c, { state: "failed", error: e }),
      },
    );
  };
  const onReject = (c: TClaim, reason: string) => {
    decide(c, { kind: "reject", state: "pending" });
    reject.mutate(
      { project_id: projectId, claim_id: c.claim_id, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => decide(c, { state: "done", claim: { ...c, status: "rejected", hold_until: null, reject_reason: reason || null } }),
        onError: (e) => decide(c, { state: "failed", error: e }),
      },
    );
  };

  // The outcome we know of until the server's copy is newer than the one the admin acted on.
  const shown = (c: TClaim) => {
    const d = decisions[c.claim_id];
    return d?.state === "done" && d.claim.updated_at === c.updated_at ? d.claim : c;
  };
  const campaignName = (id: string) => campaigns.data?.campaigns.find((c) => c.campaign_id === id)?.name ?? null;
  const what = (c: TClaim) => {
    const game = titleOf(c.mechanic);
    if (c.trigger === "game_won") return `won ${game ?? "a game"}${c.level_number !== null ? ` level ${c.level_number}` : ""}`;
    if (c.trigger === "track_completed") return `completed every ${game ?? ""} level`.replace("  ", " ");
    if (c.trigger === "streak_reached") return "reached a daily streak";
    return c.trigger;
  };

  return (
    <div className="space-y-6">
      <RewardsModeBanner />
      <Card>
        <CardHeader
          title="Claims"
          description="Rewards players earned. The fraud gate holds risky ones for a while or sends them here for your decision; released ones are delivered by webhook."
        />
        <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-3 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="-mx-1 flex gap-1 overflow-x-auto px-1 [scrollbar-width:none]" role="group" aria-label="Show claims">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => {
                  setFilter(f.value);
                  setDecisions({});
                }}
                className={cx(
                  "rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap transition",
                  filter === f.value ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600 hover:bg-slate-200",
                )}
              >
                {f.label}
              </button>
            ))}
          </div>
          <form
            className="flex gap-2"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setPlayerQuery(player.trim());
            }}
          >
            <Input aria-label="Filter by player ID" placeholder="Player ID" className="h-9 lg:w-48" value={player} onChange={(e) => setPlayer(e.target.value)} onBlur={() => setPlayerQuery(player.trim())} />
          </form>
        </div>
        {error && <ErrorAlert error={error} showCode={false} className="mx-5 my-4 sm:mx-6" />}
        {pending ? (
          <div className="space-y-3 px-5 py-4 sm:px-6">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : list.length === 0 ? (
          <div className="p-5 sm:p-6">
            <EmptyState
              icon={<CheckIcon />}
              title={filter === "attention" ? "Nothing waits for you" : "No claims here"}
              description={filter === "attention" ? "Held and reviewed claims appear here. Everything else was delivered or rejected." : "Try another filter."}
              className="border-0"
            />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="claim-list">
            {list.map((c) => (
              <ClaimRow
                key={c.claim_id}
                claim={shown(c)}
                campaignName={campaignName(c.campaign_id)}
                what={what(c)}
                thresholds={rules.data?.thresholds ?? null}
                now={now}
                decision={decisions[c.claim_id]}
                webhooksHref={`/projects/${projectId}/webhooks`}
                watchHref={c.run_id ? `/projects/${projectId}/runs/${c.run_id}` : null}
                onRelease={() => onRelease(c)}
                onReject={(reason) => onReject(c, reason)}
              />
            ))}
          </ul>
        )}
        {full && <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500 sm:px-6">Showing the newest {LIMIT}. Filter by player to find older claims.</p>}
      </Card>
    </div>
  );
}
