"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Field } from "@/app/_components/Field";
import { ShieldIcon } from "@/app/_components/Icons";
import { PageSpinner } from "@/app/_components/Spinner";
import { errorCode, nextFromLocation } from "@/app/_lib/errors";
import { useLogout } from "@/app/_lib/session";
import { useTRPC } from "@/app/_lib/trpc";
import { AuthCard } from "../auth-card";
import { CodeInput } from "./code-input";

/** After login: answer with a TOTP code, or spend a recovery code. */
export function TwoFactorChallenge() {
  const trpc = useTRPC();
  const router = useRouter();
  const logout = useLogout();
  const me = useQuery(trpc.adminAuth.me.queryOptions());
  const [mode, setMode] = useState<"totp" | "recovery">("totp");
  const [code, setCode] = useState("");
  const done = { onSuccess: () => router.replace(nextFromLocation()) };
  const challenge = useMutation(trpc.twoFactor.challenge.mutationOptions(done));
  const recovery = useMutation(trpc.twoFactor.recovery.mutationOptions(done));
  const active = mode === "totp" ? challenge : recovery;

  useEffect(() => {
    if (!me.data) return;
    if (!me.data.two_factor.enabled) router.replace("/2fa/setup");
    else if (me.data.two_factor.session_verified) router.replace(nextFromLocation());
  }, [me.data, router]);

  if (me.isPending || (me.data && (!me.data.two_factor.enabled || me.data.two_factor.session_verified))) return <PageSpinner />;
  if (me.error) return errorCode(me.error) === "unauthorized" ? <PageSpinner label="Redirecting…" /> : <ErrorAlert error={me.error} />;

  const invalid = errorCode(active.error) === "invalid_code";
  const ready = mode === "totp" ? code.length === 6 : code.trim().length >= 6;

  return (
    <AuthCard
      icon={<ShieldIcon />}
      title="Two-factor verification"
      description={
        mode === "totp" ? (
          <>
            Enter the 6-digit code from your authenticator app for <span className="font-medium text-slate-700">{me.data.email}</span>.
          </>
        ) : (
          "Enter one of the recovery codes you saved when you turned on two-factor. Each code works once."
        )
      }
      footer={
        <button type="button" className="font-medium text-slate-500 hover:text-slate-800" onClick={() => logout.mutate()}>
          Not you? Sign out
        </button>
      }
    >
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) active.mutate({ code: code.trim() });
        }}
      >
        <Field
          label={mode === "totp" ? "Authentication code" : "Recovery code"}
          htmlFor="challenge-code"
          error={invalid ? (mode === "totp" ? "That code didn't work. Codes can be used only once; wait for the next one." : "That recovery code is not valid or was already used.") : null}
        >
          <CodeInput key={mode} id="challenge-code" value={code} onChange={setCode} recovery={mode === "recovery"} invalid={invalid} />
        </Field>
        {active.error && !invalid && <ErrorAlert error={active.error} />}
        <Button type="submit" size="lg" className="w-full" disabled={!ready} loading={active.isPending || active.isSuccess}>
          Verify
        </Button>
        <button
          type="button"
          className="w-full text-center text-sm font-medium text-brand-600 hover:text-brand-700"
          onClick={() => {
            setMode(mode === "totp" ? "recovery" : "totp");
            setCode("");
            challenge.reset();
            recovery.reset();
          }}
        >
          {mode === "totp" ? "Use a recovery code instead" : "Use your authenticator app instead"}
        </button>
      </form>
    </AuthCard>
  );
}
