"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardHeader } from "@/app/_components/Card";
import { Select } from "@/app/_components/Input";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useNow } from "../_rewards/format";
import type { TDeliveryStatus } from "../_rewards/types";
import { useProjectId } from "../use-project";
import { DeliveryItem } from "./delivery-item";

const PAGE = 20;

/** Every webhook sent for this project, newest first, with a status filter and "load more". */
export function DeliveriesCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const now = useNow(30_000);
  const [status, setStatus] = useState<TDeliveryStatus | "">("");
  const deliveries = useInfiniteQuery({
    ...trpc.webhooks.deliveries.infiniteQueryOptions(
      { project_id: projectId, limit: PAGE, ...(status ? { status } : {}) },
      { getNextPageParam: (last) => last.next_cursor ?? undefined },
    ),
    // Deliveries change without the admin (players win, the worker retries): always load afresh,
    // and keep polling while any is still queued.
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === "queued")) ? 5000 : false),
  });
  const retry = useMutation(
    trpc.webhooks.retry.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() }) }),
  );
  const list = deliveries.data?.pages.flatMap((p) => p.deliveries) ?? [];

  return (
    <Card>
      <CardHeader
        title="Deliveries"
        description="Each reward webhook and its attempts. Failed attempts are retried with growing delays; after the last one the delivery is marked failed and can be retried by hand."
        actions={
          <label className="flex items-center gap-2 text-sm text-slate-600">
            Status
            <Select className="h-8 w-36" value={status} onChange={(e) => setStatus(e.target.value as TDeliveryStatus | "")} aria-label="Filter deliveries by status">
              <option value="">All</option>
              <option value="queued">Queued</option>
              <option value="delivered">Delivered</option>
              <option value="dead">Failed</option>
            </Select>
          </label>
        }
      />
      {deliveries.error && <ErrorAlert error={deliveries.error} showCode={false} className="mx-5 my-4 sm:mx-6" />}
      {retry.error && <ErrorAlert error={retry.error} showCode={false} className="mx-5 my-4 sm:mx-6" />}
      {deliveries.isPending ? (
        <div className="space-y-2 px-5 py-4 sm:px-6">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : list.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500 sm:px-6">
          {status ? "No deliveries with this status." : "No deliveries yet. They appear here when a campaign rewards a player."}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="delivery-list" aria-label="Deliveries, newest first">
          {list.map((d) => (
            <DeliveryItem
              key={d.delivery_id}
              delivery={d}
              now={now}
              retrying={retry.isPending && retry.variables?.delivery_id === d.delivery_id}
              onRetry={() => retry.mutate({ project_id: projectId, delivery_id: d.delivery_id })}
            />
          ))}
        </ul>
      )}
      {deliveries.hasNextPage && (
        <div className="border-t border-slate-100 px-5 py-3 text-center sm:px-6">
          <Button variant="secondary" size="sm" loading={deliveries.isFetchingNextPage} onClick={() => deliveries.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </Card>
  );
}
