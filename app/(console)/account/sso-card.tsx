"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useEffect, useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { ConfirmButton } from "@/app/_components/ConfirmButton";
import { useTRPC } from "@/app/_lib/trpc";
import { formatDateTime } from "../projects/labels";

/** Where the provider's sign-in returned to (/account?sso=…), in words. */
const OUTCOMES: Record<string, { tone: "success" | "error"; text: (provider: string) => string }> = {
  linked: { tone: "success", text: (p) => `Linked. You can now sign in with ${p}; Playloop still asks for your authenticator code.` },
  taken: { tone: "error", text: (p) => `That ${p} identity is already linked to another Playloop account. Nothing was changed.` },
  already_linked: { tone: "error", text: (p) => `This account already has a ${p} identity. Unlink it first to link another.` },
  session_gone: { tone: "error", text: () => "Your session ended before the provider answered, so nothing was linked. Sign in and try again." },
};

/**
 * Single sign-on (shown only when the deployment has a provider: ADMIN_SSO_*): link this account's
 * identity at the company's OpenID Connect provider, or unlink it. Linking starts here (the server
 * remembers this session for ten minutes), continues at the provider and ends back on this page.
 */
export function SsoCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.adminSso.status.queryOptions());
  const [outcome, setOutcome] = useState<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const o = params.get("sso");
    if (o && OUTCOMES[o]) {
      setOutcome(o);
      params.delete("sso");
      window.history.replaceState(null, "", `${window.location.pathname}${params.size ? `?${params}` : ""}`);
    }
  }, []);
  const link = useMutation(trpc.adminSso.link.mutationOptions({ onSuccess: () => void signIn("oidc", { callbackUrl: "/api/sso/complete" }) }));
  const unlink = useMutation(
    trpc.adminSso.unlink.mutationOptions({
      onSuccess: () => {
        setOutcome(null);
        void queryClient.invalidateQueries({ queryKey: trpc.adminSso.status.queryKey() });
      },
    }),
  );
  const s = status.data;
  if (!s?.configured) return null;
  const provider = s.provider_name ?? "single sign-on";
  const said = outcome ? OUTCOMES[outcome] : undefined;
  return (
    <Card data-testid="sso-card">
      <CardHeader title="Single sign-on" description={`Sign in with ${provider} instead of your password. Your authenticator code is still asked for.`} />
      <CardBody className="space-y-4">
        {said && <Alert tone={said.tone}>{said.text(provider)}</Alert>}
        <ErrorAlert error={link.error ?? unlink.error} />
        {s.linked ? (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <div>
              <div className="font-medium text-slate-900" data-testid="sso-linked">
                Linked{s.linked.email ? ` as ${s.linked.email}` : ""}
              </div>
              <div className="text-slate-600">
                Since {formatDateTime(s.linked.linked_at)} · {s.linked.last_used_at ? `last used ${formatDateTime(s.linked.last_used_at)}` : "not used to sign in yet"}
              </div>
            </div>
            <ConfirmButton label="Unlink" confirmLabel="Yes, unlink" prompt="Password sign-in stays." loading={unlink.isPending} onConfirm={() => unlink.mutate()} data-testid="sso-unlink" />
          </div>
        ) : (
          <Button variant="secondary" onClick={() => link.mutate()} loading={link.isPending || link.isSuccess} data-testid="sso-link">
            Link your {provider} account
          </Button>
        )}
      </CardBody>
    </Card>
  );
}
