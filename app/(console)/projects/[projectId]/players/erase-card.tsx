"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { ANONYMISED, countsInWords, ERASED } from "./erasure-words";
import type { TErasure } from "./use-player";

/** GDPR erasure behind a typed confirmation: the admin types the player's id to arm the button. */
export function EraseCard({ player, onErased }: { player: string; onErased: (s: TErasure) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const [typed, setTyped] = useState("");
  const erase = useMutation(
    trpc.players.erase.mutationOptions({
      onSuccess: (summary) => {
        onErased(summary);
        setTyped("");
        void queryClient.invalidateQueries({ queryKey: trpc.players.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.fraud.pathKey() });
      },
    }),
  );
  const armed = typed === player;
  return (
    <Card className="border-red-200">
      <CardHeader
        title={<span className="text-red-700">Erase player data</span>}
        description="Deletes this player's runs, moves, progress, events, balances, ledger, fraud flags and status and experiment cohort in one step. Reward claims with their webhooks, and wheel spins (the prizes your wheel's budget paid), are kept for your accounting, with the ID replaced by an anonymous hash. This cannot be undone."
      />
      <CardBody>
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (armed) erase.mutate({ project_id: projectId, external_user_id: player });
          }}
        >
          <Field label={<>Type <span className="font-mono">{player}</span> to confirm</>} htmlFor="erase-confirm" className="flex-1">
            <Input id="erase-confirm" className="font-mono" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </Field>
          <Button type="submit" variant="danger" disabled={!armed} loading={erase.isPending} data-testid="erase-player">
            Erase player data
          </Button>
        </form>
        {erase.error && <ErrorAlert error={erase.error} showCode={false} />}
      </CardBody>
    </Card>
  );
}

/** What the erasure did, in words: what was deleted, what was kept under an anonymous id, and whether the cache cleanup is still pending. */
export function ErasureSummary({ summary }: { summary: TErasure }) {
  const deleted = countsInWords(summary.tables, ERASED);
  const anonymised = countsInWords(summary.anonymised, ANONYMISED);
  return (
    <Alert tone={summary.status === "erased" ? "success" : "warning"} title={summary.status === "erased" ? "Player data erased" : "Player data erased; cache cleanup pending"}>
      <div className="space-y-2 text-sm" data-testid="erasure-summary">
        {summary.status === "cleanup_pending" && <p>The cache store was unreachable; a background job keeps retrying until the player's cached counters are gone.</p>}
        <p>
          Deleted: {deleted || "nothing (already erased)"}.
          {anonymised && <> Kept without the player&apos;s id (your rewards and their delivery record): {anonymised}.</>}
        </p>
        <p className="break-all">
          Subject hash (in the audit log): <span className="font-mono text-xs">{summary.subject_hash}</span>
        </p>
      </div>
    </Alert>
  );
}
