"use client";

import { useState } from "react";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { CopyButton } from "@/app/_components/CopyButton";
import { SegmentedTabs } from "@/app/_components/SegmentedTabs";
import { LANG_LABELS, SERVER_LANGS, serverCode, type TServerLang } from "./server-code";

/** Copyable server code for the two things an integrator's server does: issue a session token, verify a webhook. */
export function ServerCodeCard({ baseUrl, projectId }: { baseUrl: string; projectId: string }) {
  const [lang, setLang] = useState<TServerLang>("node");
  const code = serverCode({ baseUrl, projectId })[lang];
  return (
    <Card>
      <CardHeader
        title="Server code"
        description="What your server does: issue a session token for a signed-in shopper, and verify the reward webhooks. This project's address and id are filled in; keys and secrets come from your environment."
      />
      <CardBody className="space-y-5">
        <SegmentedTabs label="Language" value={lang} options={SERVER_LANGS.map((l) => ({ value: l, label: LANG_LABELS[l] }))} onChange={setLang} panelId={(l) => `server-code-${l}`} />
        <div id={`server-code-${lang}`} role="tabpanel" className="space-y-5">
          <Snippet title="1. Issue a session token" code={code.session} testId="server-code-session" />
          <Snippet title={lang === "curl" ? "2. Check your webhook receiver" : "2. Verify a reward webhook"} code={code.webhook} testId="server-code-webhook" />
        </div>
      </CardBody>
    </Card>
  );
}

function Snippet({ title, code, testId }: { title: string; code: string; testId: string }) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <CopyButton text={code} label="Copy" />
      </div>
      {/* Scrollable, so reachable by keyboard too (tabIndex) and named for screen readers. */}
      <pre
        className="max-h-96 overflow-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        data-testid={testId}
        tabIndex={0}
        aria-label={title}
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
