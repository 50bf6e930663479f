"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { errorCode, issuesByPath, toConsoleError } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import { outboundReason, urlIssue } from "../_rewards/labels";
import { useProjectId } from "../use-project";
import { httpStatusText } from "./use-webhooks";

/** Sends one signed webhook.test event and shows what the endpoint answered. */
export function TestCard({ projectUrl, inboxUrl }: { projectUrl: string | null; inboxUrl: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  // Follows the saved project URL until the admin types another one.
  const [typed, setTyped] = useState<string | null>(null);
  const url = typed ?? projectUrl ?? "";
  const send = useMutation(
    trpc.webhooks.test.mutationOptions({
      // A test to the inbox shows up there; fetch it now rather than at the next poll.
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.inbox.queryKey({ project_id: projectId }) }),
    }),
  );
  const fieldError = urlIssue(issuesByPath(send.error).webhook_url) ?? null;

  return (
    <Card>
      <CardHeader title="Send a test" description="One webhook.test event, signed like a real reward. Your server should answer 2xx and grant nothing." />
      <CardBody className="space-y-4">
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (url.trim()) send.mutate({ project_id: projectId, webhook_url: url.trim() });
          }}
        >
          <Field
            label="Send to"
            htmlFor="test-url"
            error={fieldError}
            aside={
              inboxUrl && url !== inboxUrl ? (
                <button type="button" className="text-xs font-medium text-brand-700 hover:underline" onClick={() => setTyped(inboxUrl)}>
                  Use the test inbox
                </button>
              ) : undefined
            }
          >
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id="test-url" type="url" className="font-mono" placeholder="https://api.shop.example/playloop/webhook" value={url} onChange={(e) => setTyped(e.target.value)} invalid={!!fieldError} />
              <Button type="submit" variant="secondary" disabled={!url.trim()} loading={send.isPending}>
                Send test
              </Button>
            </div>
          </Field>
        </form>
        {send.data && <TestResult status={send.data.status} ok={send.data.ok} ms={send.data.duration_ms} />}
        {send.error && !fieldError && <TestFailure error={send.error} />}
      </CardBody>
    </Card>
  );
}

function TestResult({ status, ok, ms }: { status: number; ok: boolean; ms: number }) {
  return (
    <div className={`flex items-center gap-3 rounded-lg border px-4 py-3 ${ok ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"}`} role="status" data-testid="test-result">
      <span className={`rounded-md px-2 py-1 font-mono text-sm font-semibold ${ok ? "bg-emerald-600 text-white" : "bg-red-600 text-white"}`}>{httpStatusText(status)}</span>
      <span className={`text-sm ${ok ? "text-emerald-800" : "text-red-800"}`}>
        {ok ? "The endpoint accepted the test" : status >= 300 && status < 400 ? "A redirect: webhooks never follow them" : "The endpoint refused the test"} · {ms} ms
      </span>
    </div>
  );
}

function TestFailure({ error }: { error: unknown }) {
  if (errorCode(error) !== "webhook_target_unreachable") return <ErrorAlert error={error} showCode={false} />;
  const e = toConsoleError(error);
  const reason = typeof e.details.reason === "string" ? e.details.reason : null;
  return (
    <Alert tone="error" title="Couldn't reach the endpoint">
      <span data-testid="test-result">{outboundReason(reason) ?? e.message}</span>
    </Alert>
  );
}
