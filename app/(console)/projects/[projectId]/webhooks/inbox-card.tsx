"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardHeader } from "@/app/_components/Card";
import { ConfirmButton } from "@/app/_components/ConfirmButton";
import { CopyButton } from "@/app/_components/CopyButton";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useNow } from "../_rewards/format";
import { useProjectId } from "../use-project";
import { InboxMessage } from "./inbox-message";
import { useUpdateWebhookSettings } from "./use-webhooks";

/** The platform's own receiver: what a webhook looked like on arrival and whether it verified. */
export function InboxCard({ projectUrl }: { projectUrl: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const now = useNow(30_000);
  const key = trpc.webhooks.inbox.queryKey({ project_id: projectId });
  // Polls while the page is open: messages arrive from outside (deliveries, the admin's own server).
  const inbox = useQuery({ ...trpc.webhooks.inbox.queryOptions({ project_id: projectId }), refetchInterval: 5000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const clear = useMutation(trpc.webhooks.clearInbox.mutationOptions({ onSuccess: refresh }));
  const rotate = useMutation(trpc.webhooks.rotateInbox.mutationOptions({ onSuccess: refresh }));
  const use = useUpdateWebhookSettings();
  const url = inbox.data?.url ?? null;
  const messages = inbox.data?.messages ?? [];
  const inUse = !!url && projectUrl === url;

  return (
    <Card>
      <CardHeader
        title="Test inbox"
        description="A receiver Playloop hosts for this project. Point webhooks here to see exactly what your server would get, and whether the signature verifies."
        actions={
          <Button variant="ghost" size="sm" loading={inbox.isFetching && !inbox.isPending} onClick={refresh}>
            Refresh
          </Button>
        }
      />
      <div className="space-y-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        {url ? (
          <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
            <code className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-700" data-testid="inbox-url">
              {url}
            </code>
            <div className="flex flex-wrap gap-2">
              <CopyButton text={url} label="Copy URL" />
              {inUse ? (
                <Badge tone="green">Project webhook URL</Badge>
              ) : (
                <Button variant="secondary" size="sm" loading={use.isPending} onClick={() => use.save({ webhook_url: url }).catch(() => undefined)}>
                  Use as webhook URL
                </Button>
              )}
            </div>
          </div>
        ) : (
          <Skeleton className="h-9" />
        )}
        <div className="flex flex-wrap items-center gap-2">
          <ConfirmButton label="Clear messages" confirmLabel="Yes, clear" prompt="The URL stays." loading={clear.isPending} onConfirm={() => clear.mutate({ project_id: projectId })} />
          <ConfirmButton
            label="New URL"
            confirmLabel="Yes, new URL"
            prompt="The current URL stops working at once."
            loading={rotate.isPending}
            onConfirm={() => rotate.mutate({ project_id: projectId })}
          />
        </div>
        {[inbox.error, clear.error, rotate.error, use.error].map((e, i) => e && <ErrorAlert key={i} error={e} showCode={false} />)}
      </div>
      {inbox.isPending ? (
        <div className="space-y-2 px-5 py-4 sm:px-6">
          <Skeleton className="h-12" />
        </div>
      ) : messages.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500 sm:px-6">No messages yet. Send a test to the inbox URL, or set it as the webhook URL and win a level.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="inbox-messages" aria-label="Inbox messages, newest first">
          {messages.map((m) => (
            <InboxMessage key={m.message_id} message={m} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}
