"use client";

import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Skeleton } from "@/app/_components/Spinner";
import type { TPlayerLedger } from "../_rewards/types";
import { PlayerSearch } from "../players/player-search";
import { LedgerTable } from "./ledger-table";
import { useEconomySettings, usePlayerLedger } from "./use-economy";

/** One player by their external user id: what they hold now and how it got there. */
export function PlayerLookup({ player, onPlayer }: { player: string; onPlayer: (id: string) => void }) {
  const ledger = usePlayerLedger(player);

  return (
    <Card id="player-lookup">
      <CardHeader title="Player lookup" description="A player's balances and their latest 50 ledger entries." />
      <CardBody className="space-y-5">
        <PlayerSearch inputId="lookup-player" player={player} onPlayer={onPlayer} />
        {ledger.error && <ErrorAlert error={ledger.error} showCode={false} />}
        {player && ledger.isPending && <Skeleton className="h-40" />}
        {ledger.data && <PlayerView data={ledger.data} refreshing={ledger.isFetching} />}
      </CardBody>
    </Card>
  );
}

function PlayerView({ data, refreshing }: { data: TPlayerLedger; refreshing: boolean }) {
  const settings = useEconomySettings();
  const config = settings.data?.economy_config;
  const resourceName = (id: string) => data.balances.find((b) => b.resource_id === id)?.name ?? id;
  const boosterName = (id: string) => config?.boosters.find((b) => b.id === id)?.name ?? id;
  return (
    <div className="space-y-4" data-testid="player-economy" aria-busy={refreshing || undefined}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-mono font-medium break-all text-slate-900">{data.external_user_id}</span>
        {!data.economy_enabled && <Badge tone="amber">Economy off</Badge>}
        {data.ledger.length === 0 && <Badge tone="neutral">No activity yet</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Balances">
        {data.balances.map((b) => (
          <div key={b.resource_id} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm" data-testid={`balance-${b.resource_id}`}>
            <dt className="truncate text-xs font-medium text-slate-500">{b.name}</dt>
            <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{b.balance.toLocaleString()}</dd>
            <dd className="mt-0.5 text-xs text-slate-500">
              <span className="font-mono">{b.resource_id}</span>
              {!b.held && " · starting balance"}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-medium text-slate-700">Ledger</h3>
        {data.ledger.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">Nothing yet: the balances above are the starting ones.</p>
        ) : (
          <LedgerTable entries={data.ledger} resourceName={resourceName} boosterName={boosterName} />
        )}
      </div>
    </div>
  );
}
