"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge, type TBadgeTone } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input, Textarea } from "@/app/_components/Input";
import { RadioCards } from "@/app/_components/RadioCards";
import { Skeleton } from "@/app/_components/Spinner";
import { issuesByPath } from "@/app/_lib/errors";
import { cancelInFlight } from "@/app/_lib/query-data";
import { useTRPC } from "@/app/_lib/trpc";
import { formatDateTime } from "../../labels";
import { fromLocalInput, timeZoneName, toLocalInput, useNow } from "../_rewards/format";
import { MANUAL_STATES, manualState } from "../_rewards/labels";
import type { TManualState, TPlayerStatus } from "../_rewards/types";
import { PlayerSearch } from "../players/player-search";
import { useProjectId } from "../use-project";
import { FlagItem } from "./flag-item";
import { useResolveFlag } from "./use-resolve-flag";

const TONES: Record<string, TBadgeTone> = { trusted: "green", watch: "amber", blocked: "red", none: "neutral" };

/** One player by their external user id: a manual status that overrides the gate, and their flags. */
export function PlayerLookup({ player, onPlayer }: { player: string; onPlayer: (id: string) => void }) {
  const trpc = useTRPC();
  const projectId = useProjectId();
  // Outlives the status form, which a save re-seeds (remounts).
  const [savedFor, setSavedFor] = useState<string | null>(null);
  const status = useQuery({ ...trpc.fraud.playerStatus.queryOptions({ project_id: projectId, external_user_id: player }), enabled: player !== "" });

  return (
    <Card id="player-lookup">
      <CardHeader title="Player lookup" description="Trust, watch or block one player. A manual status overrides the risk score for all their future claims." />
      <CardBody className="space-y-5">
        <PlayerSearch inputId="player-id" player={player} onPlayer={onPlayer} />
        {status.error && <ErrorAlert error={status.error} showCode={false} />}
        {player && status.isPending && <Skeleton className="h-40" />}
        {status.data && <StatusForm key={`${player}:${status.data.updated_at}`} status={status.data} justSaved={savedFor === player} onSaved={setSavedFor} />}
        {status.data && <PlayerFlags player={player} />}
      </CardBody>
    </Card>
  );
}

function StatusForm({ status, justSaved, onSaved }: { status: TPlayerStatus; justSaved: boolean; onSaved: (player: string | null) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const [state, setState] = useState<TManualState>(status.state);
  const [reason, setReason] = useState(status.reason ?? "");
  const [expires, setExpires] = useState(toLocalInput(status.expires_at));
  const save = useMutation(
    trpc.fraud.setPlayerStatus.mutationOptions({
      onSuccess: async (s) => {
        onSaved(s.external_user_id);
        const key = trpc.fraud.playerStatus.queryKey({ project_id: projectId, external_user_id: s.external_user_id });
        await cancelInFlight(queryClient, key);
        queryClient.setQueryData(key, s);
      },
    }),
  );
  const errors = issuesByPath(save.error);
  const min = toLocalInput(new Date(useNow(60_000)).toISOString());

  return (
    <form
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      data-testid="player-status"
      onSubmit={(e) => {
        e.preventDefault();
        onSaved(null);
        save.mutate({ project_id: projectId, external_user_id: status.external_user_id, state, reason: reason.trim() || undefined, expires_at: state === "none" ? null : fromLocalInput(expires) });
      }}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-mono font-medium break-all text-slate-900">{status.external_user_id}</span>
        <Badge tone={TONES[status.state] ?? "neutral"}>{manualState(status.state)}</Badge>
        {status.unresolved_flags > 0 && <Badge tone="amber">{status.unresolved_flags} open flag{status.unresolved_flags === 1 ? "" : "s"}</Badge>}
        {status.expires_at && <span className="text-xs text-slate-500">until {formatDateTime(status.expires_at)}</span>}
      </div>
      {status.reason && <p className="text-sm text-slate-600">“{status.reason}”</p>}
      <Field label="Status" error={errors.state}>
        <RadioCards name="manual_state" value={state} onChange={setState} options={MANUAL_STATES.map((m) => ({ ...m }))} />
      </Field>
      {state !== "none" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Reason" htmlFor="status-reason" error={errors.reason} hint="Optional; for your team.">
            <Textarea id="status-reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <Field label="Expires" htmlFor="status-expires" error={errors.expires_at} hint={`Optional; empty keeps it until changed. ${timeZoneName()}.`}>
            <Input id="status-expires" type="datetime-local" min={min} value={expires} onChange={(e) => setExpires(e.target.value)} invalid={!!errors.expires_at} />
          </Field>
        </div>
      )}
      {save.error && Object.keys(errors).length === 0 && <ErrorAlert error={save.error} showCode={false} />}
      <div className="flex items-center justify-end gap-3">
        {justSaved && (
          <span className="mr-auto text-sm font-medium text-emerald-700" role="status">
            ✓ Status saved
          </span>
        )}
        <Button type="submit" loading={save.isPending}>
          Save status
        </Button>
      </div>
    </form>
  );
}

function PlayerFlags({ player }: { player: string }) {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const now = useNow(30_000);
  const flags = useQuery(trpc.fraud.flags.queryOptions({ project_id: projectId, external_user_id: player, limit: 50 }));
  const resolve = useResolveFlag();
  const list = [...(flags.data?.flags ?? [])].sort((a, b) => Number(!!a.resolution) - Number(!!b.resolution));
  if (flags.isPending) return <Skeleton className="h-12" />;
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">Their flags</h3>
      {flags.error && <ErrorAlert error={flags.error} showCode={false} className="mt-2" />}
      {list.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None.</p>
      ) : (
        <ul className="-mx-5 mt-1 divide-y divide-slate-100 sm:-mx-6">
          {list.map((f) => (
            <FlagItem key={f.flag_id} flag={f} now={now} pending={resolve.pendingFor(f.flag_id)} onResolve={(resolution) => resolve.mutate({ project_id: projectId, flag_id: f.flag_id, resolution })} />
          ))}
        </ul>
      )}
    </div>
  );
}
