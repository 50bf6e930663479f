"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { errorCode, fieldErrors } from "@/app/_lib/errors";
import { useTRPC, useTRPCClient } from "@/app/_lib/trpc";
import { AuthCard } from "../auth-card";

const MIN_PASSWORD = 8;

export function SignupForm() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [local, setLocal] = useState<Record<string, string>>({});
  const [noSession, setNoSession] = useState(false);

  const signup = useMutation(
    trpc.adminAuth.signup.mutationOptions({
      // Signup answers the same for a new and an existing email; only a new account gets a session cookie.
      onSuccess: async () => {
        try {
          await client.adminAuth.me.query();
          router.replace("/2fa/setup");
        } catch (e) {
          if (errorCode(e) === "unauthorized") setNoSession(true);
          else throw e;
        }
      },
    }),
  );
  const errors = { ...fieldErrors(signup.error), ...local };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    // Every field's problem at once, so an empty form says all that is missing.
    const address = email.trim();
    if (!address) problems.email = "Enter your work email.";
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) problems.email = "Enter an email address like you@company.com.";
    if (new TextEncoder().encode(password).length < MIN_PASSWORD) problems.password = `Use at least ${MIN_PASSWORD} characters.`;
    else if (password !== confirm) problems.confirm = "The passwords do not match.";
    setLocal(problems);
    setNoSession(false);
    if (Object.keys(problems).length === 0) signup.mutate({ email: email.trim(), password });
  }

  return (
    <AuthCard
      title="Create your account"
      description="Set up Playloop for your site. You'll secure the account with an authenticator app next."
      footer={
        <>
          Already have an account?{" "}
          <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </>
      }
    >
      <form className="space-y-5" onSubmit={submit} noValidate>
        {signup.error && !errors.email && !errors.password && <ErrorAlert error={signup.error} />}
        {noSession && (
          <Alert tone="warning" title="Check your email address">
            We could not start a session for this address. If you already have an account,{" "}
            <Link href="/login" className="font-medium underline">
              sign in instead
            </Link>
            .
          </Alert>
        )}
        <Field label="Work email" htmlFor="email" error={errors.email}>
          <Input id="email" type="email" autoComplete="email" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} invalid={!!errors.email} />
        </Field>
        <Field label="Password" htmlFor="password" error={errors.password} hint={`At least ${MIN_PASSWORD} characters.`}>
          <Input id="password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} invalid={!!errors.password} />
        </Field>
        <Field label="Confirm password" htmlFor="confirm" error={errors.confirm}>
          <Input id="confirm" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} invalid={!!errors.confirm} />
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={signup.isPending || (signup.isSuccess && !noSession)}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
