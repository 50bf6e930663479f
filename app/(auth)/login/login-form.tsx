"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { fieldErrors, nextFromLocation } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import { AuthCard } from "../auth-card";

export function LoginForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useMutation(
    trpc.adminAuth.login.mutationOptions({
      onSuccess: (res) => {
        const next = nextFromLocation();
        router.replace(res.two_factor_enabled ? `/2fa?next=${encodeURIComponent(next)}` : "/2fa/setup");
      },
    }),
  );
  const errors = fieldErrors(login.error);
  const [notice, setNotice] = useState<string | null>(null);
  const [ssoProblem, setSsoProblem] = useState<string | null>(null);
  const sso = useSsoProvider();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get("reason") === "password_changed") setNotice("Password changed. Sign in again with your new password.");
    // Where a provider sign-in came back without a session (/api/sso/complete, or next-auth's error).
    if (params.get("sso") === "not_linked") setSsoProblem("No Playloop account is linked to that identity. Sign in with your password, then link it under Account & security.");
    else if (params.get("sso") === "failed" || params.get("error")) setSsoProblem("Single sign-on did not complete. Try again, or sign in with your password.");
  }, []);

  return (
    <AuthCard
      title="Sign in to Playloop"
      description="Manage your projects, games and API keys."
      footer={
        <>
          New to Playloop?{" "}
          <Link href="/signup" className="font-medium text-brand-600 hover:text-brand-700">
            Create an account
          </Link>
        </>
      }
    >
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          login.mutate({ email: email.trim(), password });
        }}
      >
        {notice && !login.error && <Alert tone="success">{notice}</Alert>}
        {ssoProblem && !login.error && (
          <Alert tone="error" code="sso">
            {ssoProblem}
          </Alert>
        )}
        {login.error && !errors.email && !errors.password && <ErrorAlert error={login.error} />}
        <Field label="Email" htmlFor="email" error={errors.email}>
          <Input id="email" type="email" autoComplete="email" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} invalid={!!errors.email} />
        </Field>
        <Field label="Password" htmlFor="password" error={errors.password}>
          <Input id="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={login.isPending || login.isSuccess}>
          Sign in
        </Button>
      </form>
      {sso && (
        <div className="mt-5 space-y-5">
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden>
            <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
          </div>
          <Button variant="secondary" size="lg" className="w-full" loading={sso.pending} onClick={sso.start} data-testid="sso-sign-in">
            Sign in with {sso.name}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}

/**
 * The deployment's single sign-on provider, if it has one (next-auth's providers list, `{}`
 * without: server/http/plain-routes/sso-routes.ts), and the start of its sign-in.
 */
function useSsoProvider(): { name: string; pending: boolean; start: () => void } | null {
  const [name, setName] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    let live = true;
    fetch("/api/auth/providers", { credentials: "same-origin" })
      .then((r): Promise<Record<string, { name?: string } | undefined>> => (r.ok ? r.json() : Promise.resolve({})))
      .then((p) => live && setName(p.oidc?.name ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!name) return null;
  return {
    name,
    pending,
    start: () => {
      setPending(true);
      void signIn("oidc", { callbackUrl: "/api/sso/complete" });
    },
  };
}
