"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input, Select } from "@/app/_components/Input";
import { Skeleton } from "@/app/_components/Spinner";
import { issuesByPath, toConsoleError } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import type { TEconomyConfig } from "../_rewards/types";
import { useProjectId } from "../use-project";
import { useEconomySettings } from "./use-economy";

type TResource = TEconomyConfig["resources"][number];

/** Credits or debits one player through the ledger; the console's grants are audited. */
export function GrantCard({ onShow }: { onShow: (externalUserId: string) => void }) {
  const settings = useEconomySettings();
  return (
    <Card>
      <CardHeader title="Grant" description="Give a player a resource, or take some away. Every grant is a ledger entry and is audited." />
      <CardBody>
        {settings.data ? (
          <GrantForm key={settings.data.config_revision} resources={settings.data.economy_config.resources} enabled={settings.data.economy_enabled} onShow={onShow} />
        ) : settings.error ? (
          <ErrorAlert error={settings.error} showCode={false} />
        ) : (
          <Skeleton className="h-56" />
        )}
      </CardBody>
    </Card>
  );
}

const WHOLE = /^-?\d+$/;

/** getRandomValues, unlike randomUUID, also works when the console is served over plain http. */
function newKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return `console:${Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("")}`;
}

function GrantForm({ resources, enabled, onShow }: { resources: TResource[]; enabled: boolean; onShow: (externalUserId: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const [player, setPlayer] = useState("");
  const [resource, setResource] = useState(resources[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const [local, setLocal] = useState<Record<string, string>>({});
  // One key per intended grant: a retry after a lost answer replays it instead of granting twice.
  const [key, setKey] = useState(newKey);
  const grant = useMutation(
    trpc.economyAdmin.grant.mutationOptions({
      onSuccess: (g) => {
        setKey(newKey());
        setAmount("");
        void queryClient.invalidateQueries({ queryKey: trpc.economyAdmin.player.queryKey({ project_id: projectId, external_user_id: g.external_user_id }) });
      },
    }),
  );
  const nameOf = (id: string) => resources.find((r) => r.id === id)?.name ?? id;
  const n = WHOLE.test(amount.trim()) ? Number(amount.trim()) : null;
  const errors = { ...serverFieldErrors(grant.error, nameOf), ...local };

  const edit = (f: () => void) => {
    f();
    setKey(newKey());
    setLocal({});
    grant.reset();
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!player.trim()) found.external_user_id = "Enter the player's external user ID.";
    if (n === null) found.amount = "Enter a whole number, like 5 or -5.";
    else if (n === 0) found.amount = "Enter an amount other than 0.";
    setLocal(found);
    if (Object.keys(found).length > 0 || n === null) return;
    grant.mutate({ project_id: projectId, external_user_id: player.trim(), resource_id: resource, amount: n, idempotency_key: key });
  }

  const done = grant.data;
  const code = grant.error ? toConsoleError(grant.error).code : null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {!enabled && (
        <Alert tone="warning" title="The economy is off">
          Grants are refused until it is switched on in Settings.
        </Alert>
      )}
      <Field label="Player" htmlFor="grant-player" error={errors.external_user_id} hint="The external user ID your server issues sessions for.">
        <Input id="grant-player" className="font-mono" maxLength={128} placeholder="customer-1234" value={player} onChange={(e) => edit(() => setPlayer(e.target.value))} invalid={!!errors.external_user_id} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Resource" htmlFor="grant-resource" error={errors.resource_id}>
          <Select id="grant-resource" value={resource} onChange={(e) => edit(() => setResource(e.target.value))} invalid={!!errors.resource_id}>
            {resources.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Amount" htmlFor="grant-amount" error={errors.amount} hint={amountHint(n, nameOf(resource))}>
          <Input id="grant-amount" className="text-right tabular-nums" inputMode="numeric" placeholder="5 or -5" value={amount} onChange={(e) => edit(() => setAmount(e.target.value))} invalid={!!errors.amount} />
        </Field>
      </div>
      {code === "economy_disabled" && (
        <Alert tone="error" title="The economy is off">
          Nothing was granted. Switch the economy on in Settings, then try again.
        </Alert>
      )}
      {grant.error && !["economy_disabled", "insufficient_balance", "validation_error"].includes(code!) && <ErrorAlert error={grant.error} showCode={false} />}
      {done && (
        <Alert tone="success">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <span data-testid="grant-result">
              {done.amount > 0 ? "Granted" : "Took"} {Math.abs(done.amount).toLocaleString()} {nameOf(done.resource_id)} {done.amount > 0 ? "to" : "from"} <span className="font-mono break-all">{done.external_user_id}</span>. New
              balance: <strong className="tabular-nums">{done.balance.toLocaleString()}</strong>.
            </span>
            <button type="button" className="font-medium text-emerald-800 underline-offset-2 hover:underline" onClick={() => onShow(done.external_user_id)}>
              Show ledger →
            </button>
          </div>
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={grant.isPending} disabled={!enabled || resources.length === 0}>
          {n !== null && n < 0 ? "Take away" : "Grant"}
        </Button>
      </div>
    </form>
  );
}

function amountHint(n: number | null, name: string): string {
  if (n !== null && n > 0) return `Adds ${n.toLocaleString()} ${name}.`;
  if (n !== null && n < 0) return `Takes ${(-n).toLocaleString()} ${name}; refused if the player has fewer.`;
  return "Negative to take away; a balance never goes below zero.";
}

/** The server's refusals that belong to a field, in plain words. */
function serverFieldErrors(error: unknown, nameOf: (id: string) => string): Record<string, string> {
  if (!error) return {};
  const e = toConsoleError(error);
  if (e.code === "insufficient_balance") {
    const { balance, needed, resource_id } = e.details as { balance?: number; needed?: number; resource_id?: string };
    const name = nameOf(resource_id ?? "");
    return { amount: typeof balance === "number" && typeof needed === "number" ? `The player has only ${balance.toLocaleString()} ${name}, not ${needed.toLocaleString()}. Nothing changed.` : `Not enough ${name}. Nothing changed.` };
  }
  if (e.code !== "validation_error") return {};
  const fields = issuesByPath(error);
  // A resource removed from the settings since the page loaded names no field, only itself.
  if (Object.keys(fields).length === 0 && typeof e.details.resource_id === "string") return { resource_id: `${e.details.resource_id} is no longer a resource; reload the page.` };
  return Object.keys(fields).length > 0 ? fields : { amount: e.message };
}
