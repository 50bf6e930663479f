"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { AppShell } from "@/app/_components/AppShell";
import { Button } from "@/app/_components/Button";
import { ErrorAlert } from "@/app/_components/Alert";
import { PageSpinner } from "@/app/_components/Spinner";
import { errorCode } from "@/app/_lib/errors";
import { MeProvider } from "@/app/_lib/session";
import { SessionKeeper } from "./session-keeper";
import { useTRPC, authState } from "@/app/_lib/trpc";

/**
 * Console pages need a signed-in admin whose session passed two-factor. `me` works before 2FA, so
 * it tells us where to send everyone else: /login, the challenge, or enrollment.
 */
export function ConsoleGuard({ children }: { children: React.ReactNode }) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const me = useQuery(trpc.adminAuth.me.queryOptions(undefined, { staleTime: 60_000 }));
  const code = errorCode(me.error);
  const verified = me.data?.two_factor.session_verified === true;

  useEffect(() => {
    const next = `?next=${encodeURIComponent(pathname)}`;
    // A logout navigates to /login itself; its refetches must not add "?next=".
    // A session that ended under a page already shown is renewed in place (SessionKeeper), not by leaving it.
    if (code === "unauthorized" && !authState.signingOut && !me.data) router.replace(`/login${next}`);
    else if (me.data && !verified) router.replace(me.data.two_factor.enabled ? `/2fa${next}` : "/2fa/setup");
  }, [code, me.data, verified, pathname, router]);

  if (me.data && verified) {
    return (
      <MeProvider value={me.data}>
        <AppShell>{children}</AppShell>
        <SessionKeeper email={me.data.email} expiresAt={me.data.session_expires_at} />
      </MeProvider>
    );
  }
  if (me.error && code !== "unauthorized") {
    return (
      <div className="mx-auto max-w-md px-6 py-24">
        <ErrorAlert error={me.error} />
        <Button className="mt-4" variant="secondary" onClick={() => me.refetch()} loading={me.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return <PageSpinner label={me.isPending ? "Loading your console…" : "Redirecting…"} />;
}
