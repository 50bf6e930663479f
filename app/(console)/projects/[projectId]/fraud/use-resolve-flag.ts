"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_lib/trpc";
import type { TFlagResolution } from "../_rewards/types";

/** Resolves a flag; flags, metrics and player statuses all count open flags, so all refresh. */
export function useResolveFlag() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mutation = useMutation(
    trpc.fraud.resolveFlag.mutationOptions({
      onSettled: () => {
        for (const key of [trpc.fraud.flags.pathKey(), trpc.fraud.metrics.pathKey(), trpc.fraud.playerStatus.pathKey()]) void queryClient.invalidateQueries({ queryKey: key });
      },
    }),
  );
  const pendingFor = (flagId: string): TFlagResolution | null => (mutation.isPending && mutation.variables?.flag_id === flagId ? mutation.variables.resolution : null);
  return { ...mutation, pendingFor };
}
