"use client";

import { useMutation } from "@tanstack/react-query";
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
  useEffect(() => {
    const reason = new URLSearchParams(window.location.search).get("reason");
    if (reason === "password_changed") setNotice("Password changed. Sign in again with your new password.");
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
    </AuthCard>
  );
}
