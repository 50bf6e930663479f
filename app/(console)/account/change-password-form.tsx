"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { errorCode, fieldErrors } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";

/** Changing the password revokes every session, this one included: afterwards, sign in again. */
export function ChangePasswordForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [local, setLocal] = useState<string | null>(null);
  const change = useMutation(
    trpc.adminAuth.changePassword.mutationOptions({
      onSuccess: () => {
        queryClient.clear();
        router.replace("/login?reason=password_changed");
      },
    }),
  );
  const errors = fieldErrors(change.error);
  const wrongCurrent = errorCode(change.error) === "invalid_credentials";

  return (
    <Card>
      <CardHeader title="Change password" description="You'll be signed out everywhere and asked to sign in again." />
      <CardBody>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            const problem = new TextEncoder().encode(next).length < 8 ? "Use at least 8 characters." : next !== confirm ? "The new passwords do not match." : null;
            setLocal(problem);
            if (!problem) change.mutate({ current_password: current, new_password: next });
          }}
        >
          {change.error && !wrongCurrent && !errors.new_password && <ErrorAlert error={change.error} />}
          <Field label="Current password" htmlFor="current-password" error={wrongCurrent ? "That password is not correct." : errors.current_password}>
            <Input id="current-password" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} invalid={wrongCurrent} />
          </Field>
          <Field label="New password" htmlFor="new-password" error={errors.new_password ?? (local?.startsWith("Use") ? local : null)} hint="At least 8 characters.">
            <Input id="new-password" type="password" autoComplete="new-password" required value={next} onChange={(e) => setNext(e.target.value)} />
          </Field>
          <Field label="Confirm new password" htmlFor="confirm-password" error={local && !local.startsWith("Use") ? local : null}>
            <Input id="confirm-password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field>
          <div className="flex justify-end pt-1">
            <Button type="submit" loading={change.isPending || change.isSuccess} disabled={!current || !next}>
              Change password
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
