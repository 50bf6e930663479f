"use client";

import { useState } from "react";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { ChevronDownIcon } from "@/app/_components/Icons";
import { cx } from "@/app/_components/cx";
import { formatAgo, formatPreciseDateTime, formatShortDateTime } from "../_rewards/format";
import { deliveryStatus, eventKind } from "../_rewards/labels";
import type { TDelivery } from "../_rewards/types";
import { formatCount } from "@/i18n/format";
import { attemptError, httpStatusText } from "./use-webhooks";

type TProps = { delivery: TDelivery; now: number; retrying: boolean; onRetry: () => void };

/** One webhook delivery; expands to its attempts, newest first, and the body that was sent. */
export function DeliveryItem({ delivery: d, now, retrying, onRetry }: TProps) {
  const [open, setOpen] = useState(false);
  const status = deliveryStatus(d.status);
  const lastError = attemptError(d.last_error);
  const panel = `delivery-${d.delivery_id}`;
  const attempts = [...d.attempt_history].reverse();
  return (
    <li data-testid="delivery">
      <div className="flex items-start gap-3 px-5 py-3 sm:px-6">
        <button type="button" aria-expanded={open} aria-controls={panel} onClick={() => setOpen((o) => !o)} className="flex min-w-0 flex-1 items-start gap-3 text-left">
          <ChevronDownIcon className={cx("mt-0.5 size-4 shrink-0 text-slate-400 transition", open && "rotate-180")} />
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={status.tone}>{status.label}</Badge>
              <span className="text-sm font-medium text-slate-900">{eventKind(d.kind)}</span>
              <span className="text-xs text-slate-500" data-testid="delivery-attempts">
                {d.status === "delivered"
                  ? d.attempts === 1
                    ? "on the first attempt"
                    : `on attempt ${d.attempts}`
                  : d.attempts === 0
                    ? "not sent yet"
                    : `${formatCount(d.attempts, { one: "attempt", other: "attempts" })} of ${d.max_attempts}`}
              </span>
            </span>
            <span className="mt-1 block truncate font-mono text-xs text-slate-500">{d.target_url ?? "No URL"}</span>
            <span className="mt-0.5 block text-xs text-slate-500">
              Created {formatAgo(d.created_at, now)}
              {d.delivered_at && ` · delivered ${formatAgo(d.delivered_at, now)}`}
              {d.next_attempt_at && ` · next try ${formatShortDateTime(d.next_attempt_at)}`}
            </span>
            {d.status !== "delivered" && (d.last_status !== null || lastError) && (
              <span className="mt-0.5 block text-xs text-red-700">
                Last try: {d.last_status !== null ? httpStatusText(d.last_status) : ""}
                {d.last_status !== null && lastError ? " · " : ""}
                {lastError}
              </span>
            )}
          </span>
        </button>
        {(d.status === "dead" || d.status === "queued") && (
          <Button variant="secondary" size="sm" loading={retrying} onClick={onRetry} aria-label={`Retry ${eventKind(d.kind)} delivery`}>
            Retry
          </Button>
        )}
      </div>
      {open && (
        <div id={panel} className="space-y-3 bg-slate-50/60 px-5 pb-4 sm:px-6 sm:pl-13">
          <div>
            <h4 className="pt-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Attempts</h4>
            {attempts.length === 0 ? (
              <p className="mt-1 text-sm text-slate-500">Not tried yet.</p>
            ) : (
              <ol className="mt-1 space-y-2">
                {attempts.map((a) => {
                  const ok = a.http_status !== null && a.http_status >= 200 && a.http_status < 300;
                  return (
                    <li key={a.attempt} className="rounded-lg border border-slate-200 bg-white p-3 text-xs">
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <span className="font-semibold text-slate-900">#{a.attempt}</span>
                        <time dateTime={a.started_at} className="text-slate-500">
                          {formatPreciseDateTime(a.started_at)}
                        </time>
                        <Badge tone={ok ? "green" : "red"}>{a.http_status !== null ? httpStatusText(a.http_status) : "No answer"}</Badge>
                        <span className="text-slate-500">{a.duration_ms} ms</span>
                        <span className="text-slate-500">secret v{a.secret_version}</span>
                      </div>
                      {a.error && <p className="mt-1 text-red-700">{attemptError(a.error)}</p>}
                      {a.response_excerpt && <pre className="mt-2 max-h-32 overflow-auto rounded bg-slate-100 p-2 whitespace-pre-wrap text-slate-700">{a.response_excerpt}</pre>}
                    </li>
                  );
                })}
              </ol>
            )}
          </div>
          <div>
            <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Body sent</h4>
            <pre className="mt-1 max-h-64 overflow-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">{JSON.stringify(d.payload, null, 2)}</pre>
            <p className="mt-1 font-mono text-xs text-slate-500">Idempotency key {d.idempotency_key}</p>
          </div>
        </div>
      )}
    </li>
  );
}
