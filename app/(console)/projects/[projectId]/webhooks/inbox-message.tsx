"use client";

import { useState } from "react";
import { Badge } from "@/app/_components/Badge";
import { ChevronDownIcon } from "@/app/_components/Icons";
import { cx } from "@/app/_components/cx";
import { formatAgo, formatShortDateTime } from "../_rewards/format";
import { eventKind, verdict } from "../_rewards/labels";
import type { TInboxMessage } from "../_rewards/types";

/** A JSON body indented for reading; anything else as it came. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function eventOf(m: TInboxMessage): string | null {
  if (m.headers["x-service-event"]) return m.headers["x-service-event"];
  try {
    const event = (JSON.parse(m.body) as { event?: unknown }).event;
    return typeof event === "string" ? event : null;
  } catch {
    return null;
  }
}

export function InboxMessage({ message: m, now }: { message: TInboxMessage; now: number }) {
  const [open, setOpen] = useState(false);
  const v = verdict(m.verdict);
  const event = eventOf(m);
  const panel = `inbox-${m.message_id}`;
  return (
    <li data-testid="inbox-message">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-3 px-5 py-3 text-left transition hover:bg-slate-50 sm:px-6"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={v.tone}>{v.label}</Badge>
            <span className="text-sm font-medium text-slate-900">{event ? eventKind(event) : "Unknown event"}</span>
            {m.secret_version !== null && <span className="text-xs text-slate-500">secret v{m.secret_version}</span>}
          </div>
          <p className="mt-1 truncate text-xs text-slate-500">
            <time dateTime={m.received_at} title={formatShortDateTime(m.received_at)}>
              {formatAgo(m.received_at, now)}
            </time>
            {m.idempotency_key && <span className="font-mono"> · {m.idempotency_key}</span>}
          </p>
        </div>
        <ChevronDownIcon className={cx("size-4 shrink-0 text-slate-400 transition", open && "rotate-180")} />
      </button>
      {open && (
        <div id={panel} className="space-y-3 bg-slate-50/60 px-5 pb-4 sm:px-6">
          {v.hint && <p className="pt-1 text-xs text-slate-600">{v.hint}</p>}
          <div>
            <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Headers</h4>
            <dl className="mt-1 grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[max-content_1fr]">
              {Object.entries(m.headers).map(([k, val]) => (
                <div key={k} className="contents">
                  <dt className="font-mono text-slate-500">{k}</dt>
                  <dd className="font-mono break-all text-slate-800">{val}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div>
            <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Body{m.body_encoding === "base64" && " (base64)"}</h4>
            {m.body_encoding === "base64" && <p className="mt-1 text-xs text-slate-600">It holds bytes that are not text (a zero byte, or not UTF-8): shown as base64, exactly as received.</p>}
            <pre className="mt-1 max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">{m.body_encoding === "base64" ? m.body : prettyBody(m.body)}</pre>
          </div>
        </div>
      )}
    </li>
  );
}
