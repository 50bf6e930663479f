"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { CopyButton } from "@/app/_components/CopyButton";
import { toConsoleError } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import { formatShortDateTime } from "../_rewards/format";
import { useProjectId } from "../use-project";
import type { TDraftView, TNotice, TWheelId } from "./types";

const shortHash = (hash: string) => hash.slice(0, 12);

type TProps = { wheelId: TWheelId; view: TDraftView; dirty: boolean; notice: TNotice; onNotice: (n: TNotice) => void };

/**
 * Publishes the saved draft the admin is looking at: the request carries that draft's hash, and
 * if someone changed the draft meanwhile the server refuses (`draft_stale`) and the latest draft
 * is loaded for review.
 */
export function PublishCard({ wheelId, view, dirty, notice, onNotice }: TProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const input = { project_id: projectId, wheel_id: wheelId };
  const publish = useMutation(
    trpc.wheelAdmin.publish.mutationOptions({
      onSuccess: (p) => {
        onNotice({ kind: "published", version: p.version, hash: p.draft_hash });
        void queryClient.invalidateQueries({ queryKey: trpc.wheelAdmin.draft.queryKey(input) });
        void queryClient.invalidateQueries({ queryKey: trpc.wheelAdmin.stats.queryKey(input) });
        // The project's wheel readiness (play settings) follows a first publish.
        void queryClient.invalidateQueries({ queryKey: trpc.projects.get.queryKey({ project_id: projectId }) });
      },
      onError: (e) => {
        if (toConsoleError(e).code !== "draft_stale") return;
        onNotice({ kind: "stale" });
        void queryClient.invalidateQueries({ queryKey: trpc.wheelAdmin.draft.queryKey(input) });
      },
    }),
  );
  const upToDate = view.published_version !== null && view.draft_hash === view.published_draft_hash;
  const next = (view.published_version ?? 0) + 1;
  const stale = notice?.kind === "stale";
  const blocked = dirty ? "Save your changes first: publishing takes the saved draft." : upToDate ? `Version ${view.published_version} is this draft; there is nothing new to publish.` : null;

  return (
    <Card data-testid="publish-card">
      <CardHeader title="Publish" />
      <CardBody className="space-y-4">
        <p className="text-sm text-slate-600" data-testid="published-version">
          {view.published_version === null ? (
            <>Not published yet: players can&apos;t spin this wheel.</>
          ) : (
            <>
              Players spin <span className="font-semibold text-slate-900">version {view.published_version}</span>, published {formatShortDateTime(view.published_at)}.
            </>
          )}
        </p>
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
          <p className="text-xs text-slate-500">Saved draft to publish</p>
          <div className="mt-1 flex items-center justify-between gap-2">
            <code className="truncate font-mono text-sm text-slate-900" title={view.draft_hash} data-testid="publish-hash" data-hash={view.draft_hash}>
              {shortHash(view.draft_hash)}
            </code>
            <CopyButton text={view.draft_hash} label="Copy hash" variant="ghost" />
          </div>
        </div>
        {stale && (
          <Alert tone="warning" title="The draft changed before you published">
            Someone saved this wheel&apos;s draft since you loaded it (another tab, a colleague or the API), so nothing was published. The latest draft is loaded now: review it, then publish again.
          </Alert>
        )}
        {notice?.kind === "published" && (
          <Alert tone="success" title={`✓ Published version ${notice.version}`}>
            Draft <code className="font-mono">{shortHash(notice.hash)}</code> is live from players&apos; next spin.
          </Alert>
        )}
        {publish.error && !stale && <ErrorAlert error={publish.error} showCode={false} />}
        <Button className="w-full" title={`Publishes the draft with hash ${view.draft_hash}`} disabled={!!blocked} loading={publish.isPending} onClick={() => publish.mutate({ ...input, expected_draft_hash: view.draft_hash })} aria-describedby={blocked ? `wheel-${wheelId}-publish-blocked` : undefined}>
          Publish {shortHash(view.draft_hash)} as version {next}
        </Button>
        {blocked && (
          <p id={`wheel-${wheelId}-publish-blocked`} className="text-xs text-slate-500">
            {blocked}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
