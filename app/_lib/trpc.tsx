"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { TConsoleRouter } from "@/server/routers/console";
import { toConsoleError } from "./errors";
import { reauth } from "./reauth";

const trpcContext = createTRPCContext<TConsoleRouter>();
const { TRPCProvider } = trpcContext;
export const { useTRPC, useTRPCClient } = trpcContext;

const PUBLIC_PATHS = ["/login", "/signup"];

/**
 * Set while a logout is in flight: the still-mounted console pages refetch and get 401s, which
 * must not race the logout's own navigation with a "/login?next=…" redirect.
 */
export const authState = { signingOut: false };

/**
 * React Query + tRPC for the console. A call answering `unauthorized` on a signed-in page opens the
 * sign-in dialog and is run again after it (reauth.ts); elsewhere it sends the admin to /login, and
 * `two_factor_required` to the challenge (or enrollment when 2FA is not enabled yet).
 */
export function TRPCReactProvider({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const nav = useRef({ router, pathname });
  nav.current = { router, pathname };
  useEffect(() => {
    if (PUBLIC_PATHS.includes(pathname)) authState.signingOut = false;
  }, [pathname]);

  const [queryClient] = useState(() => {
    const onError = (err: unknown, retry?: () => void) => {
      const e = toConsoleError(err);
      const { router: r, pathname: path } = nav.current;
      if (authState.signingOut) return;
      // A signed-in page whose session ended asks for the password in place and runs the call again.
      if ((e.code === "unauthorized" || e.code === "two_factor_required") && reauth.isOpen()) {
        if (retry) reauth.request(retry);
        return;
      }
      if (e.code === "unauthorized" && reauth.available() && !PUBLIC_PATHS.includes(path)) {
        reauth.request(retry);
        return;
      }
      if (e.code === "unauthorized" && !PUBLIC_PATHS.includes(path)) {
        const next = path.startsWith("/2fa") ? "" : `?next=${encodeURIComponent(path)}`;
        r.replace(`/login${next}`);
      } else if (e.code === "two_factor_required") {
        const target = e.details.two_factor_enabled === false ? "/2fa/setup" : "/2fa";
        if (path !== target) r.replace(`${target}?next=${encodeURIComponent(path)}`);
      }
    };
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError: (err, query) => onError(err, () => void client.invalidateQueries({ queryKey: query.queryKey })) }),
      // A failed mutation is executed again with the same variables: its form sees the save finish.
      mutationCache: new MutationCache({ onError: (err, variables, _context, mutation) => onError(err, () => void mutation.execute(variables).catch(() => {})) }),
      defaultOptions: {
        queries: {
          staleTime: 15_000,
          refetchOnWindowFocus: false,
          retry: (count, err) => {
            const status = toConsoleError(err).httpStatus;
            return (status === undefined || status >= 500) && count < 2;
          },
        },
      },
    });
    return client;
  });
  const [trpcClient] = useState(() => createTRPCClient<TConsoleRouter>({ links: [httpBatchLink({ url: "/api/trpc" })] }));

  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
