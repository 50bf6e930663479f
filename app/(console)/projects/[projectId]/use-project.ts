"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { useParams } from "next/navigation";
import type { TConsoleRouter } from "@/server/routers/console";
import { useTRPC } from "@/app/_lib/trpc";

export type TProject = inferRouterOutputs<TConsoleRouter>["projects"]["get"];
export type TProjectPatch = Omit<inferRouterInputs<TConsoleRouter>["projects"]["update"], "project_id">;

export function useProjectId(): string {
  return useParams<{ projectId: string }>().projectId;
}

export function useProject() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  return useQuery(trpc.projects.get.queryOptions({ project_id: projectId }));
}

/** PATCH the project; the answer (without play_settings) is merged into the cached project. */
export function useUpdateProject() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const getKey = trpc.projects.get.queryKey({ project_id: projectId });
  const mutation = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(getKey, (old) => (old ? { ...old, ...updated } : old));
        void queryClient.invalidateQueries({ queryKey: getKey });
        void queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.projects.templates.queryKey() });
      },
    }),
  );
  return { ...mutation, save: (patch: TProjectPatch) => mutation.mutateAsync({ project_id: projectId, ...patch }) };
}
