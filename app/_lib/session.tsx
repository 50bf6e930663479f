"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, useContext } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "@/server/routers/_app";
import { authRest } from "./auth-rest";
import { useTRPC } from "./trpc";

export type TMe = inferRouterOutputs<TAppRouter>["adminAuth"]["me"];

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
  const router = useRouter();
  // REST logout (see auth-rest.ts): it revokes the session and also clears the cookie.
  return useMutation({
    mutationKey: trpc.adminAuth.logout.mutationKey(),
    mutationFn: () => authRest.logout(),
    onSettled: () => {
      queryClient.clear();
      router.replace("/login");
    },
  });
}
