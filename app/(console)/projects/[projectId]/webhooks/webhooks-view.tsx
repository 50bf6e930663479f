"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { DeliveriesCard } from "./deliveries-card";
import { EndpointCard } from "./endpoint-card";
import { InboxCard } from "./inbox-card";
import { ReceiverCheckCard } from "./receiver-check-card";
import { SecretCard } from "./secret-card";
import { TestCard } from "./test-card";
import { useWebhookSettings } from "./use-webhooks";

export function WebhooksView() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const settings = useWebhookSettings();
  // Shared with the inbox card (same query key), so this is one request.
  const inbox = useQuery({ ...trpc.webhooks.inbox.queryOptions({ project_id: projectId }), refetchInterval: 5000 });
  if (settings.error) return <ErrorAlert error={settings.error} showCode={false} />;
  if (!settings.data) return <Skeleton className="h-96 rounded-xl" />;
  const s = settings.data;
  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <EndpointCard settings={s} />
        <div className="space-y-6">
          <SecretCard settings={s} />
          <TestCard projectUrl={s.webhook_url} inboxUrl={inbox.data?.url ?? null} />
        </div>
      </div>
      <ReceiverCheckCard projectUrl={s.webhook_url} />
      <InboxCard projectUrl={s.webhook_url} />
      <DeliveriesCard />
    </div>
  );
}
