"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Card, CardHeader } from "@/app/_components/Card";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useNow } from "../_rewards/format";
import { useProjectId } from "../use-project";
import { FlagItem } from "./flag-item";
import { useResolveFlag } from "./use-resolve-flag";

/** Open flags first (they raise the player's risk for 7 days), then the recently resolved. */
export function FlagsCard({ onPlayer }: { onPlayer: (id: string) => void }) {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const now = useNow(30_000);
  // Flags are raised as players play; always load afresh.
  const open = useQuery({ ...trpc.fraud.flags.queryOptions({ project_id: projectId, resolved: false, limit: 100 }), staleTime: 0 });
  const done = useQuery({ ...trpc.fraud.flags.queryOptions({ project_id: projectId, resolved: true, limit: 20 }), staleTime: 0 });
  const resolve = useResolveFlag();
  const openFlags = open.data?.flags ?? [];
  const doneFlags = done.data?.flags ?? [];

  return (
    <Card>
      <CardHeader title="Flags" description="Suspicious activity the gate noticed. Open flags from the last 7 days raise the risk of the player's claims." />
      {[open.error, done.error, resolve.error].map((e, i) => e && <ErrorAlert key={i} error={e} showCode={false} className="mx-5 my-4 sm:mx-6" />)}
      {open.isPending ? (
        <div className="space-y-2 px-5 py-4 sm:px-6">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : (
        <>
          {openFlags.length === 0 ? (
            <p className="px-5 py-6 text-center text-sm text-slate-500 sm:px-6">No open flags.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Open flags" data-testid="open-flags">
              {openFlags.map((f) => (
                <FlagItem key={f.flag_id} flag={f} now={now} pending={resolve.pendingFor(f.flag_id)} onPlayer={onPlayer} onResolve={(resolution) => resolve.mutate({ project_id: projectId, flag_id: f.flag_id, resolution })} />
              ))}
            </ul>
          )}
          {doneFlags.length > 0 && (
            <>
              <h3 className="border-t border-slate-100 bg-slate-50/60 px-5 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:px-6">Recently resolved</h3>
              <ul className="divide-y divide-slate-100" aria-label="Resolved flags">
                {doneFlags.map((f) => (
                  <FlagItem key={f.flag_id} flag={f} now={now} pending={null} onPlayer={onPlayer} onResolve={() => undefined} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Card>
  );
}
