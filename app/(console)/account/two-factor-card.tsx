"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { CopyButton } from "@/app/_components/CopyButton";
import { Field } from "@/app/_components/Field";
import { errorCode } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import { CodeInput } from "../../(auth)/2fa/code-input";

type TAction = "codes" | "reset";

const ACTIONS: Record<TAction, { button: string; title: string; text: string; confirm: string }> = {
  codes: {
    button: "Regenerate recovery codes",
    title: "New recovery codes",
    text: "Your current codes stop working and 10 new ones are shown once.",
    confirm: "Show new codes",
  },
  reset: {
    button: "Reset two-factor",
    title: "Set up a new authenticator",
    text: "Your authenticator and recovery codes are removed, your other sessions are signed out, and you set up a new authenticator right away.",
    confirm: "Reset and set up again",
  },
};

/** Two-factor management: both actions ask for a fresh code from the authenticator app. */
export function TwoFactorCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const [action, setAction] = useState<TAction | null>(null);
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useMutation(
    trpc.twoFactor.recoveryCodes.mutationOptions({
      onSuccess: (r) => {
        setCodes(r.recovery_codes);
        setAction(null);
        setCode("");
        void queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() });
      },
    }),
  );
  const reset = useMutation(
    trpc.twoFactor.reset.mutationOptions({
      onSuccess: () => {
        queryClient.clear();
        router.replace("/2fa/setup");
      },
    }),
  );
  const active = action === "reset" ? reset : regenerate;
  const wrong = errorCode(active.error) === "invalid_code";

  function open(a: TAction) {
    setAction(a);
    setCode("");
    setCodes(null);
    regenerate.reset();
    reset.reset();
  }

  return (
    <Card>
      <CardHeader title="Two-factor authentication" description="Your authenticator app protects every sign-in. Recovery codes get you in if you lose it." />
      <CardBody className="space-y-4">
        <p className="text-sm text-slate-700" data-testid="recovery-remaining">
          {status.data ? `${status.data.recovery_codes_remaining} of 10 recovery codes left` : "Loading…"}
        </p>
        {codes && (
          <div className="space-y-3">
            <Alert tone="warning">Save these codes now: this is the only time they are shown. Your old codes no longer work.</Alert>
            <ol className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-[13px] text-slate-800 sm:grid-cols-2" data-testid="new-recovery-codes">
              {codes.map((c) => (
                <li key={c} className="rounded-md bg-white px-1 py-1.5 text-center whitespace-nowrap ring-1 ring-slate-200">
                  {c}
                </li>
              ))}
            </ol>
            <CopyButton text={codes.join("\n")} label="Copy all" size="md" />
          </div>
        )}
        {action ? (
          <form
            className="space-y-3 rounded-xl border border-slate-200 p-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (code.length === 6) active.mutate({ code });
            }}
          >
            <div>
              <h3 className="text-sm font-semibold text-slate-900">{ACTIONS[action].title}</h3>
              <p className="mt-1 text-sm text-slate-600">{ACTIONS[action].text}</p>
            </div>
            <Field label="Code from your authenticator app" htmlFor="manage-code" error={wrong ? "That code didn't work. Wait for a new one and try again." : null} hint="A new 6-digit code; recovery codes don't work here.">
              <CodeInput id="manage-code" value={code} onChange={setCode} invalid={wrong} />
            </Field>
            {active.error && !wrong && <ErrorAlert error={active.error} />}
            <div className="flex flex-wrap items-center gap-2">
              <Button type="submit" variant={action === "reset" ? "danger" : "primary"} disabled={code.length !== 6} loading={active.isPending} title={code.length !== 6 ? "Enter the 6-digit code first" : undefined}>
                {ACTIONS[action].confirm}
              </Button>
              <Button variant="ghost" onClick={() => setAction(null)}>
                Cancel
              </Button>
              {code.length !== 6 && <span className="text-xs text-slate-600">Enter the 6-digit code to continue.</span>}
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => open("codes")}>
              {ACTIONS.codes.button}
            </Button>
            <Button variant="secondary" onClick={() => open("reset")}>
              {ACTIONS.reset.button}
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
