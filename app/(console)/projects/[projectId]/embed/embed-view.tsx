"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { CopyButton } from "@/app/_components/CopyButton";
import { Skeleton } from "@/app/_components/Spinner";
import { cancelInFlight } from "@/app/_lib/query-data";
import { useTRPC } from "@/app/_lib/trpc";
import { useProject, useProjectId } from "../use-project";
import { ServerCodeCard } from "./server-code-card";

export function EmbedView() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const { data: project } = useProject();
  const embed = useQuery(trpc.projects.embed.queryOptions({ project_id: projectId }));
  const queryClient = useQueryClient();
  // Copying the snippet is the one onboarding step only the console can see.
  const confirmCopied = useMutation(
    trpc.onboarding.complete.mutationOptions({
      onSuccess: async (s) => {
        const key = trpc.onboarding.get.queryKey();
        await cancelInFlight(queryClient, key);
        queryClient.setQueryData(key, s);
      },
    }),
  );
  const needsOrigins = project && project.allowed_origins.length === 0 && project.game_mode !== "free_play";

  return (
    <div className="space-y-6">
      {needsOrigins && (
        <Alert tone="warning" title="Add your site's origin">
          This project is in rewards mode but has no allowed origins, so the widget will refuse to start.{" "}
          <Link href={`/projects/${projectId}/settings`} className="font-medium underline">
            Open settings
          </Link>
        </Alert>
      )}
      <Card>
        <CardHeader
          title="Embed snippet"
          description="Paste this into your site's HTML. It loads the widget asynchronously."
          actions={embed.data && <CopyButton text={embed.data.snippet} onCopied={() => confirmCopied.mutate({ step: "embed_copied" })} label="Copy snippet" variant="primary" size="md" data-testid="copy-embed" />}
        />
        <CardBody>
          {embed.error && <ErrorAlert error={embed.error} />}
          {embed.isPending ? (
            <Skeleton className="h-20 rounded-lg" />
          ) : (
            embed.data && (
              <pre className="rounded-lg bg-slate-900 p-4 text-sm leading-relaxed break-all whitespace-pre-wrap text-slate-100" data-testid="embed-snippet">
                <code>{embed.data.snippet}</code>
              </pre>
            )
          )}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Setup checklist" />
        <CardBody>
          <ol className="space-y-4" data-testid="embed-checklist">
            <Step n={1}>Paste the snippet just before &lt;/body&gt; on every page where players should see the game.</Step>
            <Step n={2}>
              Add your site&apos;s address under{" "}
              <Link className="font-medium text-brand-700 underline" href={`/projects/${projectId}/settings`}>
                Settings → Allowed origins
              </Link>{" "}
              (like https://shop.example). Only <strong>Free play</strong> works without it.
            </Step>
            <Step n={3}>
              For signed-in shoppers, your server asks for a session token with an API key that can <strong>Issue player sessions</strong> (
              <Link className="font-medium text-brand-700 underline" href={`/projects/${projectId}/keys`}>
                API keys
              </Link>
              ), and the page hands it over: <code className="font-mono text-xs">window.Playloop.setSessionToken(token)</code>. The code is below.
            </Step>
            <Step n={4}>
              Wins arrive at the{" "}
              <Link className="font-medium text-brand-700 underline" href={`/projects/${projectId}/webhooks`}>
                Webhooks
              </Link>{" "}
              tab&apos;s <strong>Project webhook URL</strong> as signed <code className="font-mono text-xs">reward.eligible</code> events: verify them, grant once per <code className="font-mono text-xs">idempotency_key</code>, then run <strong>Check your receiver</strong>.
            </Step>
          </ol>
        </CardBody>
      </Card>

      {embed.data && <ServerCodeCard baseUrl={baseUrlOf(embed.data.snippet)} projectId={projectId} />}
    </div>
  );
}

function Step({ n, children }: { n: number; children: React.ReactNode }) {
  return (
    <li className="flex gap-3 text-sm leading-relaxed text-slate-700">
      <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700">{n}</span>
      <span className="min-w-0 pt-0.5 break-words">{children}</span>
    </li>
  );
}

/** The service's address, from the loader snippet's src (…/v1/widget.js). */
function baseUrlOf(snippet: string): string {
  const src = /src="([^"]+)\/v1\/widget\.js"/.exec(snippet);
  return src?.[1] ?? "";
}
