"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Badge, type TBadgeTone } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { errorCode, toConsoleError } from "@/app/_lib/errors";
import { cancelInFlight } from "@/app/_lib/query-data";
import { useTRPC } from "@/app/_lib/trpc";
import { formatDateTime } from "../../labels";
import { outboundReason } from "../_rewards/labels";
import type { TReceiverReport as TReport } from "../_rewards/types";
import { useProjectId } from "../use-project";

const CHECK_LABELS: Record<TReport["checks"][number]["name"], string> = {
  accepts_valid: "Accepts a valid delivery",
  idempotent_redelivery: "Grants once when a delivery comes again",
  rejects_tampered_body: "Refuses a tampered body",
  rejects_stale_timestamp: "Refuses a replayed (stale) delivery",
  rejects_unknown_secret: "Refuses an unknown secret",
  accepts_previous_secret: "Accepts the previous secret during a rotation",
  responds_quickly: "Answers within 2 seconds",
};
const RESULT: Record<TReport["checks"][number]["result"], { mark: string; tone: TBadgeTone; word: string }> = {
  pass: { mark: "✓", tone: "green", word: "Pass" },
  fail: { mark: "✗", tone: "red", word: "Fail" },
  unknown: { mark: "?", tone: "amber", word: "Unknown" },
  skipped: { mark: "–", tone: "neutral", word: "Skipped" },
};
const VERDICT: Record<TReport["verdict"], { tone: TBadgeTone; title: string }> = {
  pass: { tone: "green", title: "Your receiver does everything a reward needs" },
  fail: { tone: "red", title: "Your receiver needs a fix before it takes real rewards" },
  unknown: { tone: "amber", title: "Nothing failed, but not everything could be judged" },
};

/**
 * The receiver check: test deliveries to the project's webhook URL, judged point by point, with the
 * latest report kept. Test deliveries are marked (webhook.test, X-Service-Test) and never a reward.
 */
export function ReceiverCheckCard({ projectUrl }: { projectUrl: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const latest = useQuery(trpc.webhooks.latestReceiverCheck.queryOptions({ project_id: projectId }));
  const run = useMutation(
    trpc.webhooks.receiverCheck.mutationOptions({
      onSuccess: async (report) => {
        // The page's first read may still be out (a check run at once): its older answer must not replace this one.
        const key = trpc.webhooks.latestReceiverCheck.queryKey({ project_id: projectId });
        await cancelInFlight(queryClient, key);
        queryClient.setQueryData(key, { report });
      },
    }),
  );
  const report = latest.data?.report ?? null;

  return (
    <Card>
      <CardHeader
        title="Check your receiver"
        description="Playloop sends your endpoint a few marked test deliveries — valid, repeated, tampered, replayed, wrongly signed — and reports what it did with each. Nothing is granted."
        actions={
          <Button variant="secondary" size="sm" disabled={!projectUrl} title={projectUrl ? undefined : "Save a webhook URL first"} loading={run.isPending} onClick={() => run.mutate({ project_id: projectId })}>
            Run the check
          </Button>
        }
      />
      <CardBody className="space-y-4">
        {!projectUrl && <p className="text-sm text-slate-500">Save a webhook URL above to check the receiver behind it.</p>}
        {run.error && <CheckFailure error={run.error} />}
        {report ? <Report report={report} /> : projectUrl && !run.isPending && <p className="text-sm text-slate-500">No check yet.</p>}
        <p className="text-xs text-slate-500">
          To have repeats judged, answer each delivery with JSON holding <code className="font-mono">grant_id</code> — your record for its <code className="font-mono">idempotency_key</code>. From CI: <code className="font-mono">npx playloop check-receiver &lt;url&gt;</code> with an API key scoped “Check the webhook receiver”.
        </p>
      </CardBody>
    </Card>
  );
}

function Report({ report }: { report: TReport }) {
  const v = VERDICT[report.verdict];
  return (
    <div className="space-y-3" data-testid="receiver-report">
      <Alert tone={report.verdict === "pass" ? "success" : report.verdict === "fail" ? "error" : "warning"} title={v.title}>
        <span className="font-mono text-xs break-all">{report.url}</span> · {formatDateTime(report.finished_at)}
        {report.latency_ms !== null && <> · answered in {report.latency_ms} ms</>}
      </Alert>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {report.checks.map((c) => {
          const r = RESULT[c.result];
          return (
            <li key={c.name} className="flex items-start gap-3 px-4 py-3" data-testid={`check-${c.name}`}>
              <Badge tone={r.tone} className="mt-0.5 w-20 justify-center">
                <span aria-hidden>{r.mark}</span> {r.word}
              </Badge>
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{CHECK_LABELS[c.name]}</p>
                <p className="text-xs text-slate-600">{c.detail}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function CheckFailure({ error }: { error: unknown }) {
  const code = errorCode(error);
  if (code === "rate_limited") return <Alert tone="warning" title="Checked often enough for now">Up to 10 checks an hour per project; try again later.</Alert>;
  if (code !== "webhook_target_unreachable") return <ErrorAlert error={error} showCode={false} />;
  const e = toConsoleError(error);
  const reason = typeof e.details.reason === "string" ? e.details.reason : null;
  return <Alert tone="error" title="Couldn't reach the endpoint">{outboundReason(reason) ?? e.message}</Alert>;
}
