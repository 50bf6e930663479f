"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { CopyButton } from "@/app/_components/CopyButton";
import { KeyIcon } from "@/app/_components/Icons";
import { useTRPC } from "@/app/_lib/trpc";
import { formatDateTime } from "../../labels";
import type { TWebhookSettings } from "../_rewards/types";
import { useProjectId } from "../use-project";

/** The signing secret: revealed on demand (each reveal is audited) and rotated with a 24-hour grace. */
export function SecretCard({ settings }: { settings: TWebhookSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const [shown, setShown] = useState<{ secret: string; version: number; standard_webhooks_key: string; fresh: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reveal = useMutation(trpc.webhooks.revealSecret.mutationOptions({ onSuccess: (s) => setShown({ ...s, fresh: false }) }));
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (s) => {
        setShown({ ...s, fresh: true });
        setConfirming(false);
        void queryClient.invalidateQueries({ queryKey: trpc.webhooks.settings.queryKey({ project_id: projectId }) });
      },
    }),
  );

  return (
    <Card>
      <CardHeader
        title="Signing secret"
        description="Your server checks each webhook's X-Service-Signature with this secret before granting anything."
        actions={<Badge tone="brand">Version {settings.secret_version}</Badge>}
      />
      <CardBody className="space-y-4">
        {settings.previous_version_valid_until && (
          <p className="text-sm text-slate-600">
            Rotated {formatDateTime(settings.secret_rotated_at)}. Version {settings.secret_version - 1} still verifies until <strong>{formatDateTime(settings.previous_version_valid_until)}</strong>.
          </p>
        )}

        {shown ? (
          <div className="space-y-2">
            {shown.fresh && (
              <Alert tone="success" title={`New secret, version ${shown.version}`}>
                Put it on your server within 24 hours; the old one stops verifying then.
              </Alert>
            )}
            <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-900 p-3 sm:flex-row sm:items-center">
              <code className="min-w-0 flex-1 font-mono text-sm break-all text-emerald-300" data-testid="webhook-secret" aria-label={`Webhook secret, version ${shown.version}`}>
                {shown.secret}
              </code>
              <div className="flex gap-2">
                <CopyButton text={shown.secret} label="Copy secret" />
                <Button variant="secondary" size="sm" onClick={() => setShown(null)}>
                  Hide
                </Button>
              </div>
            </div>
            {settings.standard_webhooks && (
              <div className="space-y-1">
                <p className="text-xs text-slate-600">
                  The same secret for the <strong>standardwebhooks</strong> libraries (<code>new Webhook(key)</code>):
                </p>
                <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center">
                  <code className="min-w-0 flex-1 font-mono text-xs break-all text-slate-800" data-testid="standard-webhooks-key" aria-label={`Standard Webhooks key, version ${shown.version}`}>
                    {shown.standard_webhooks_key}
                  </code>
                  <CopyButton text={shown.standard_webhooks_key} label="Copy key" />
                </div>
              </div>
            )}
          </div>
        ) : (
          <div className="flex items-center gap-3 rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-500">
            <KeyIcon className="size-5 shrink-0 text-slate-400" />
            <span className="font-mono tracking-wider">whsec_••••••••••••••••</span>
          </div>
        )}

        {confirming ? (
          <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4" role="group" aria-label="Confirm rotation">
            <p className="text-sm text-amber-900">
              <strong>Rotate to version {settings.secret_version + 1}?</strong> The current secret keeps verifying for <strong>24 hours</strong> in the test inbox
              {settings.dual_signatures ? ", and every delivery carries both signatures during that time." : ". Deliveries are signed with the new secret only — turn on dual signatures first if your server cannot switch at once."}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" size="sm" loading={rotate.isPending} onClick={() => rotate.mutate({ project_id: projectId })}>
                Rotate now
              </Button>
              <Button variant="ghost" size="sm" disabled={rotate.isPending} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {!shown && (
              <Button variant="secondary" size="sm" loading={reveal.isPending} onClick={() => reveal.mutate({ project_id: projectId })}>
                Reveal secret
              </Button>
            )}
            <Button variant="secondary" size="sm" className="text-red-600 hover:text-red-700" onClick={() => setConfirming(true)}>
              Rotate secret…
            </Button>
          </div>
        )}
        {reveal.error && <ErrorAlert error={reveal.error} showCode={false} />}
        {rotate.error && <ErrorAlert error={rotate.error} showCode={false} />}
      </CardBody>
    </Card>
  );
}
