"use client";

import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Badge } from "@/app/_components/Badge";
import { LogoutIcon } from "@/app/_components/Icons";
import { PageHeader } from "@/app/_components/PageHeader";
import { useLogout, useMe } from "@/app/_lib/session";
import { formatDateTime } from "../projects/labels";
import { ChangePasswordForm } from "./change-password-form";
import { SessionsList } from "./sessions-list";
import { SsoCard } from "./sso-card";
import { TwoFactorCard } from "./two-factor-card";

export function AccountView() {
  const me = useMe();
  const logout = useLogout();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Account & security"
        description="Your sign-in, two-factor, sessions and password."
        actions={
          <Button variant="secondary" onClick={() => logout.mutate()} loading={logout.isPending} data-testid="logout">
            <LogoutIcon className="size-4" /> Log out
          </Button>
        }
      />
      <Card>
        <CardHeader title="Profile" />
        <CardBody>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">Email</dt>
              <dd className="mt-1 font-medium break-all text-slate-900" data-testid="account-email">
                {me.email}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Two-factor</dt>
              <dd className="mt-1">
                <Badge tone={me.two_factor.enabled ? "green" : "amber"}>{me.two_factor.enabled ? "Enabled (authenticator app)" : "Not enabled"}</Badge>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">This session expires</dt>
              <dd className="mt-1 text-slate-900">{formatDateTime(me.session_expires_at)}</dd>
            </div>
          </dl>
        </CardBody>
      </Card>
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <SessionsList />
        <div className="space-y-8">
          <TwoFactorCard />
          <SsoCard />
          <ChangePasswordForm />
        </div>
      </div>
    </div>
  );
}
