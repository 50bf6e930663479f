"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/app/_components/Button";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { errorCode } from "@/app/_lib/errors";
import { reauth } from "@/app/_lib/reauth";
import { useLogout } from "@/app/_lib/session";
import { useTRPC } from "@/app/_lib/trpc";
import { formatDuration } from "@/i18n/format";
import { CodeInput } from "../(auth)/2fa/code-input";

/** How long before a session ends the console says so. */
const WARN_MS = 5 * 60_000;

/**
 * Keeps an admin's work through the end of a session: says so five minutes before it ends, and
 * when a call meets an ended or revoked session, asks for the password and a fresh code in a
 * dialog over the page — the page and its unsaved edits stay — then runs the failed calls again.
 * A sign-in makes a new session (with its own hour and registry record); nothing stretches one.
 */
export function SessionKeeper({ email, expiresAt }: { email: string; expiresAt: string }) {
  const [open, setOpen] = useState(reauth.isOpen());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => reauth.listen(setOpen), []);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);
  const left = Date.parse(expiresAt) - now;
  return (
    <>
      {!open && left <= WARN_MS && (
        // At the top, under the header: the bottom of the page is where save bars live.
        <div
          role="status"
          className="fixed inset-x-4 top-[4.5rem] z-30 mx-auto flex max-w-xl flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-amber-50 px-4 py-2.5 text-sm shadow-md ring-1 ring-amber-200"
          data-testid="session-warning"
        >
          <p className="text-amber-950">
            <span className="font-medium">{left > 0 ? `Your session ends in ${formatDuration(left / 1000)}.` : "Your session has ended."}</span> Sign in again to keep working; nothing on this page is lost.
          </p>
          <Button size="sm" onClick={() => reauth.request()}>
            Stay signed in
          </Button>
        </div>
      )}
      {open && <ReauthDialog email={email} />}
    </>
  );
}

function ReauthDialog({ email }: { email: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const titleId = useId();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const first = useRef<HTMLInputElement>(null);
  const login = useMutation(trpc.adminAuth.login.mutationOptions());
  const challenge = useMutation(trpc.twoFactor.challenge.mutationOptions());
  useEffect(() => first.current?.focus(), []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      if (!login.isSuccess) await login.mutateAsync({ email, password });
      await challenge.mutateAsync({ code });
    } catch {
      return; // the fields say what was wrong
    }
    await queryClient.invalidateQueries({ queryKey: trpc.adminAuth.me.queryKey() });
    reauth.done();
  }

  const passwordError = errorCode(login.error) === "invalid_credentials" ? "That password is not right." : login.error ? "Signing in failed; try again." : null;
  const codeError = errorCode(challenge.error) === "invalid_code" ? "That code didn't work. Wait for a new one and try again." : challenge.error ? "The code could not be checked; try again." : null;
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-slate-900/40 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl" data-testid="reauth-dialog">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Sign in again to continue
        </h2>
        <p className="mt-1 text-sm text-slate-600">Your session ended. The page and anything you typed stay as they are; what you were saving finishes once you are signed in.</p>
        <form className="mt-5 space-y-4" onSubmit={submit}>
          <p className="text-sm text-slate-700">
            Signed in as <span className="font-medium">{email}</span>
          </p>
          <Field label="Password" htmlFor="reauth-password" error={passwordError}>
            <Input ref={first} id="reauth-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={login.isSuccess} invalid={!!passwordError} />
          </Field>
          <Field label="Code from your app" htmlFor="reauth-code" error={codeError}>
            <CodeInput id="reauth-code" value={code} onChange={setCode} invalid={!!codeError} autoFocus={false} />
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={login.isPending || challenge.isPending} disabled={(!login.isSuccess && !password) || code.length !== 6}>
              Sign in and continue
            </Button>
            <button
              type="button"
              className="text-sm text-slate-600 underline-offset-2 hover:underline"
              onClick={() => {
                reauth.cancel();
                logout.mutate();
              }}
            >
              Sign out instead
            </button>
          </div>
        </form>
        <p className="mt-4 text-xs text-slate-500">Signing in again starts a new session of its own (listed under Account & security); an ended session is never extended.</p>
      </div>
    </div>
  );
}
