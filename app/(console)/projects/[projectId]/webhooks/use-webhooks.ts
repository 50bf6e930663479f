"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { cancelInFlight } from "@/app/_lib/query-data";
import { useTRPC } from "@/app/_lib/trpc";
import { outboundReason } from "../_rewards/labels";
import { useProjectId } from "../use-project";

export function useWebhookSettings() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  return useQuery(trpc.webhooks.settings.queryOptions({ project_id: projectId }));
}

/** Saves webhook settings; the URL is also the project's `webhook_url`, so the project is refreshed too. */
export function useUpdateWebhookSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const mutation = useMutation(
    trpc.webhooks.updateSettings.mutationOptions({
      onSuccess: async (settings) => {
        const key = trpc.webhooks.settings.queryKey({ project_id: projectId });
        await cancelInFlight(queryClient, key);
        queryClient.setQueryData(key, settings);
        void queryClient.invalidateQueries({ queryKey: trpc.projects.get.queryKey({ project_id: projectId }) });
      },
    }),
  );
  return { ...mutation, save: (patch: { webhook_url?: string | null; dual_signatures?: boolean; lifecycle_events?: boolean; standard_webhooks?: boolean }) => mutation.mutateAsync({ project_id: projectId, ...patch }) };
}

/** "blocked_address: The target resolves…" (an attempt's error) in words an admin can act on. */
export function attemptError(error: string | null): string | null {
  if (!error) return null;
  const m = /^([a-z_]+): (.*)$/.exec(error);
  if (m) return outboundReason(m[1]) ?? m[2]!;
  if (error === "redirect not followed") return "The endpoint answered with a redirect; webhooks never follow them.";
  return outboundReason(error) ?? error;
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 301: "Moved Permanently", 302: "Found", 400: "Bad Request", 401: "Unauthorized",
  403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 413: "Payload Too Large",
  422: "Unprocessable Content", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
};
export const httpStatusText = (status: number) => `${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ""}`;
