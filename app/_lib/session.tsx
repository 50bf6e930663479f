"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { TConsoleRouter } from "@/server/routers/console";
import { authState, useTRPC } from "./trpc";

export type TMe = inferRouterOutputs<TConsoleRouter>["adminAuth"]["me"];

const MeContext = createContext<TMe | null>(null);
export const MeProvider = MeContext.Provider;

/** The signed-in, 2FA-verified admin (only inside the console guard). */
export function useMe(): TMe {
  const me = useContext(MeContext);
  if (!me) throw new Error("useMe() needs the console layout");
  return me;
}

/** Logs out, forgets every cached answer and goes to /login. */
export function useLogout() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The procedure revokes the session and clears the HttpOnly cookie (Set-Cookie on /api/trpc).
  return useMutation(
    trpc.adminAuth.logout.mutationOptions({
      onMutate: async () => {
        authState.signingOut = true;
        await queryClient.cancelQueries();
      },
      onSettled: () => {
        // A full page load, not a client-side navigation: pages still mounted (and their queries in
        // flight) would otherwise refetch into 401s after the flag is reset on /login, and send the
        // admin to "/login?next=…" of the page they just left.
        queryClient.clear();
        window.location.replace("/login");
      },
    }),
  );
}
