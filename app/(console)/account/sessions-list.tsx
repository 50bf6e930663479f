"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardHeader } from "@/app/_components/Card";
import { ConfirmButton } from "@/app/_components/ConfirmButton";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { formatDateTime } from "../projects/labels";

const PAGE_SIZE = 10;

/** Active sessions, paged with next_cursor (a stack of cursors lets us go back). */
export function SessionsList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const sessions = useQuery({ ...trpc.adminAuth.sessions.queryOptions({ limit: PAGE_SIZE, cursor }), placeholderData: (prev) => prev });
  const revoke = useMutation(
    trpc.adminAuth.revokeSession.mutationOptions({
      onSuccess: (res) => {
        if (res.current) {
          queryClient.clear();
          router.replace("/login");
        } else void queryClient.invalidateQueries({ queryKey: trpc.adminAuth.sessions.queryKey() });
      },
    }),
  );
  const next = sessions.data?.next_cursor ?? null;

  return (
    <Card>
      <CardHeader title="Active sessions" description="Everywhere you're signed in. Revoke any you don't recognise." />
      {(sessions.error || revoke.error) && <ErrorAlert error={sessions.error ?? revoke.error} className="mx-5 mt-4 sm:mx-6" />}
      {sessions.isPending ? (
        <div className="space-y-3 p-5 sm:p-6">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="session-list">
          {sessions.data?.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 px-5 py-3.5 sm:px-6">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium text-slate-900" data-testid="session-device">
                    {s.device}
                  </span>
                  {s.current && <Badge tone="brand">This device</Badge>}
                </div>
                <p className="mt-0.5 text-xs text-slate-600">
                  {s.same_network === true ? "This network · " : s.same_network === false ? "Another network · " : null}
                  {s.current ? "Active now" : <>Last used {formatDateTime(s.last_used_at)}</>}
                </p>
                <p className="text-xs text-slate-600">
                  Signed in {formatDateTime(s.created_at)} · expires {formatDateTime(s.expires_at)}
                </p>
              </div>
              <ConfirmButton
                label={s.current ? "Sign out" : "Revoke"}
                confirmLabel={s.current ? "Sign out" : "Revoke"}
                prompt={s.current ? "You'll need to sign in again." : "Revoke this session?"}
                loading={revoke.isPending && revoke.variables?.session_id === s.id}
                onConfirm={() => revoke.mutate({ session_id: s.id })}
              />
            </li>
          ))}
        </ul>
      )}
      {(cursors.length > 1 || next) && (
        <div className="flex items-center justify-between border-t border-slate-100 px-5 py-3 sm:px-6">
          <Button variant="secondary" size="sm" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            ← Previous
          </Button>
          <span className="text-xs text-slate-500">Page {cursors.length}</span>
          <Button variant="secondary" size="sm" disabled={!next || sessions.isFetching} onClick={() => next && setCursors((c) => [...c, next])}>
            Next →
          </Button>
        </div>
      )}
    </Card>
  );
}
