"use client";

import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { Switch } from "@/app/_components/Switch";
import { errorCode, issuesByPath } from "@/app/_lib/errors";
import { urlIssue } from "../_rewards/labels";
import type { TWebhookSettings } from "../_rewards/types";
import { useUpdateWebhookSettings } from "./use-webhooks";

/** Where reward webhooks go, and how they are signed. */
export function EndpointCard({ settings }: { settings: TWebhookSettings }) {
  return (
    <Card>
      <CardHeader title="Endpoint" description="Every reward is POSTed here as a signed JSON event. Campaigns can override the URL." />
      <CardBody className="space-y-5">
        <DeliveryTargets targets={settings.delivery_targets} saved={settings.webhook_url} />
        {/* Re-seeded when the saved URL changes (say, from "Use as webhook URL" in the inbox). */}
        <UrlForm key={settings.webhook_url ?? ""} saved={settings.webhook_url} />
        <Toggle
          id="dual-signatures"
          label="Dual signatures during a rotation"
          description="For 24 hours after you rotate the secret, deliveries carry a second signature made with the old one, so your server keeps verifying until it is updated."
          checked={settings.dual_signatures}
          field="dual_signatures"
        />
        <Toggle
          id="lifecycle-events"
          label="Lifecycle events"
          description="Besides reward.eligible, also send reward.held, reward.released and reward.rejected as a claim moves through review."
          checked={settings.lifecycle_events}
          field="lifecycle_events"
        />
        <Toggle
          id="standard-webhooks"
          label="Standard Webhooks headers"
          description="Also sign each delivery with webhook-id, webhook-timestamp and webhook-signature, so the standardwebhooks libraries (Node, Python, PHP, Go, Java, Ruby…) verify it. Their key is shown with the secret below."
          checked={settings.standard_webhooks}
          field="standard_webhooks"
        />
      </CardBody>
    </Card>
  );
}

/** The sample shop's receiver (`npm run example:shop`, docs/quickstart.md). */
const SAMPLE_SHOP_WEBHOOK = "http://localhost:4242/webhooks/playloop";

/** Which addresses this deployment delivers to, said before an admin saves a URL it will refuse. */
function DeliveryTargets({ targets, saved }: { targets: TWebhookSettings["delivery_targets"]; saved: string | null }) {
  const update = useUpdateWebhookSettings();
  if (targets === "public_and_this_machine") {
    return (
      <div className="space-y-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="delivery-targets">
        <p>
          Local mode: deliveries to this machine are allowed (localhost, 127.0.0.1, ::1) — try the sample shop (<code>npm run example:shop</code>) or your own server. Other private addresses are refused, as on any deployment.
        </p>
        {saved !== SAMPLE_SHOP_WEBHOOK && (
          <Button size="sm" variant="secondary" loading={update.isPending} onClick={() => update.save({ webhook_url: SAMPLE_SHOP_WEBHOOK }).catch(() => undefined)}>
            Use the sample shop&apos;s URL
          </Button>
        )}
      </div>
    );
  }
  if (targets === "any") return null;
  return (
    <p className="text-xs text-slate-500" data-testid="delivery-targets">
      Deliveries go to public addresses only (this machine and private networks are refused). The test inbox below always works.
    </p>
  );
}

function UrlForm({ saved }: { saved: string | null }) {
  const update = useUpdateWebhookSettings();
  const [url, setUrl] = useState(saved ?? "");
  const [local, setLocal] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const dirty = (url.trim() || null) !== saved;
  const error = local ?? urlIssue(issuesByPath(update.error).webhook_url) ?? null;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const v = url.trim();
    setJustSaved(false);
    if (v && !/^https?:\/\/\S+$/i.test(v)) return setLocal("Use an http(s) URL, like https://api.shop.example/playloop.");
    update.save({ webhook_url: v || null }).then(() => setJustSaved(true), () => undefined);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Field label="Project webhook URL" htmlFor="wh-url" error={error} hint={saved ? "Leave empty and save to stop sending webhooks." : "No URL yet: rewards are recorded, but nothing is sent."}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="wh-url"
            type="url"
            className="font-mono"
            placeholder="https://api.shop.example/playloop/webhook"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setLocal(null);
              setJustSaved(false);
            }}
            invalid={!!error}
          />
          <Button type="submit" disabled={!dirty} title={dirty ? undefined : "No changes to save yet"} loading={update.isPending}>
            Save URL
          </Button>
        </div>
      </Field>
      {justSaved && !dirty && (
        <p className="text-sm font-medium text-emerald-700" role="status">
          ✓ Webhook URL saved
        </p>
      )}
      {update.error && errorCode(update.error) !== "validation_error" && <ErrorAlert error={update.error} showCode={false} />}
    </form>
  );
}

function Toggle({ id, label, description, checked, field }: { id: string; label: string; description: string; checked: boolean; field: "dual_signatures" | "lifecycle_events" | "standard_webhooks" }) {
  const update = useUpdateWebhookSettings();
  // Shows the new position while it saves; the saved settings take over afterwards.
  const value = update.isPending ? !!update.variables?.[field] : checked;
  return (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {label}
          </label>
          <p className="mt-0.5 text-xs text-slate-500">{description}</p>
        </div>
        <Switch id={id} label={label} checked={value} loading={update.isPending} onChange={(v) => update.save({ [field]: v }).catch(() => undefined)} />
      </div>
      {update.error && <ErrorAlert error={update.error} showCode={false} />}
    </div>
  );
}
