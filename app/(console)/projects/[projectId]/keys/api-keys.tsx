"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { ConfirmButton } from "@/app/_components/ConfirmButton";
import { EmptyState } from "@/app/_components/EmptyState";
import { KeyIcon } from "@/app/_components/Icons";
import { Skeleton } from "@/app/_components/Spinner";
import { cx } from "@/app/_components/cx";
import { useTRPC } from "@/app/_lib/trpc";
import { formatDateTime } from "../../labels";
import { useProjectId } from "../use-project";
import { CreateKeyForm } from "./create-key-form";

export function ApiKeys() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const keys = useQuery(trpc.projects.apiKeys.queryOptions({ project_id: projectId }));
  const revoke = useMutation(
    trpc.projects.revokeApiKey.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.projects.apiKeys.queryKey({ project_id: projectId }) }),
    }),
  );
  const list = [...(keys.data?.api_keys ?? [])].sort((a, b) => Number(!!a.revoked_at) - Number(!!b.revoked_at) || b.created_at.localeCompare(a.created_at));

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Create an API key" description="Server-to-server credentials. Keep them on your backend, never in the browser." />
        <CardBody>
          <CreateKeyForm />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Keys" description="Only a prefix of each secret is kept for recognition." />
        {revoke.error && <ErrorAlert error={revoke.error} className="mx-5 mt-4 sm:mx-6" />}
        {keys.error && <ErrorAlert error={keys.error} className="mx-5 my-4 sm:mx-6" />}
        {keys.isPending ? (
          <CardBody className="space-y-3">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </CardBody>
        ) : list.length === 0 ? (
          <CardBody>
            <EmptyState icon={<KeyIcon />} title="No API keys yet" description="Create one above to issue player sessions or grant rewards from your server." className="border-0" />
          </CardBody>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="api-key-list">
            {list.map((k) => (
              <li key={k.key_id} className={cx("flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:px-6", k.revoked_at && "opacity-60")}>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{k.name}</span>
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">{k.prefix}…</code>
                    {k.revoked_at ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Active</Badge>}
                  </div>
                  <div className="mt-1.5 flex flex-wrap gap-1">
                    {k.scopes.map((s) => (
                      <Badge key={s} tone="brand" className="font-mono">
                        {s}
                      </Badge>
                    ))}
                  </div>
                  <p className="mt-1.5 text-xs text-slate-500">
                    Created {formatDateTime(k.created_at)} · {k.last_used_at ? `last used ${formatDateTime(k.last_used_at)}` : "never used"}
                    {k.revoked_at && ` · revoked ${formatDateTime(k.revoked_at)}`}
                  </p>
                </div>
                {!k.revoked_at && (
                  <ConfirmButton
                    label="Revoke"
                    prompt="Requests with this key will fail."
                    loading={revoke.isPending && revoke.variables?.key_id === k.key_id}
                    onConfirm={() => revoke.mutate({ project_id: projectId, key_id: k.key_id })}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
