"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { CopyButton } from "@/app/_components/CopyButton";
import { Field } from "@/app/_components/Field";
import { ShieldIcon } from "@/app/_components/Icons";
import { QrCode } from "@/app/_components/QrCode";
import { PageSpinner, Skeleton } from "@/app/_components/Spinner";
import { errorCode } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import { AuthCard } from "../../auth-card";
import { CodeInput } from "../code-input";
import { RecoveryCodes } from "./recovery-codes";

/** Enroll → scan → confirm → show the recovery codes once. */
export function TwoFactorSetup() {
  const trpc = useTRPC();
  const router = useRouter();
  const me = useQuery(trpc.adminAuth.me.queryOptions());
  const enroll = useMutation(trpc.twoFactor.enroll.mutationOptions());
  const confirm = useMutation(trpc.twoFactor.confirm.mutationOptions({ onSuccess: () => setCode("") }));
  const [code, setCode] = useState("");
  const started = useRef(false);

  const enabled = me.data?.two_factor.enabled;
  const recoveryCodes = confirm.data?.recovery_codes;

  useEffect(() => {
    if (!me.data || recoveryCodes) return;
    if (me.data.two_factor.enabled) {
      router.replace(me.data.two_factor.session_verified ? "/projects" : "/2fa");
    } else if (!started.current) {
      started.current = true;
      enroll.mutate();
    }
  }, [me.data, recoveryCodes, router, enroll]);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => router.replace("/projects")} />;
  if (me.isPending || enabled) return <PageSpinner />;
  if (me.error) return errorCode(me.error) === "unauthorized" ? <PageSpinner label="Redirecting…" /> : <ErrorAlert error={me.error} />;

  const secret = enroll.data;
  return (
    <AuthCard
      width="2xl"
      icon={<ShieldIcon />}
      title="Secure your account"
      description="Two-factor authentication is required for every Playloop admin. Link an authenticator app (1Password, Google Authenticator, Authy…) to continue."
    >
      {enroll.error ? (
        <div className="space-y-4">
          <ErrorAlert error={enroll.error} />
          <Button variant="secondary" onClick={() => enroll.mutate()} loading={enroll.isPending}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-8 md:grid-cols-[auto_1fr]">
          <div className="flex flex-col items-center gap-2">
            <Step n={1} title="Scan the QR code" className="self-start md:hidden" />
            {secret ? <QrCode value={secret.otpauth_uri} /> : <Skeleton className="size-[210px] rounded-lg" />}
          </div>
          <div className="min-w-0 space-y-6">
            <div>
              <Step n={1} title="Scan the QR code" className="hidden md:flex" />
              <p className="mt-1 text-sm text-slate-500">Can&apos;t scan it? Enter this setup key in your app instead:</p>
              <div className="mt-3 flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2 pl-3">
                {secret ? (
                  <code data-testid="totp-secret" className="min-w-0 flex-1 font-mono text-sm font-semibold tracking-wider break-all text-slate-800">
                    {secret.secret}
                  </code>
                ) : (
                  <Skeleton className="h-5 flex-1" />
                )}
                {secret && <CopyButton text={secret.secret} label="Copy key" />}
              </div>
              {secret && (
                <p className="mt-2 flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
                  <span>
                    {secret.issuer} · {secret.digits} digits · every {secret.period} s
                  </span>
                  {/* The key stays the same across reloads until confirmed; replacing it is a choice, and an app that scanned the old one must scan again. */}
                  <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline" onClick={() => enroll.mutate({ restart: true })} disabled={enroll.isPending}>
                    Use a new key instead
                  </button>
                </p>
              )}
            </div>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (code.length === 6) confirm.mutate({ code });
              }}
              className="space-y-4"
            >
              <Step n={2} title="Enter the 6-digit code" />
              <Field label="Code from your app" htmlFor="totp-code" error={confirm.error && errorCode(confirm.error) === "invalid_code" ? "That code didn't work. Wait for a new one and try again." : null}>
                <CodeInput id="totp-code" value={code} onChange={setCode} invalid={errorCode(confirm.error) === "invalid_code"} />
              </Field>
              {confirm.error && errorCode(confirm.error) !== "invalid_code" && <ErrorAlert error={confirm.error} />}
              <Button type="submit" size="lg" className="w-full" disabled={!secret || code.length !== 6} loading={confirm.isPending}>
                Verify and enable
              </Button>
            </form>
          </div>
        </div>
      )}
    </AuthCard>
  );
}

function Step({ n, title, className = "flex" }: { n: number; title: string; className?: string }) {
  return (
    <h2 className={`${className} items-center gap-2 text-sm font-semibold text-slate-900`}>
      <span className="grid size-6 place-items-center rounded-full bg-brand-600 text-xs text-white">{n}</span>
      {title}
    </h2>
  );
}
