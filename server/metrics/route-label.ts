import type { ServerResponse } from "node:http";

/**
 * The route a response answered, for the request histogram's `route` label: the /v1 façade names
 * the procedure it matched (the listener cannot know it before the façade routes), other branches
 * are named by the listener. Held beside the response, not on it.
 */
const labels = new WeakMap<ServerResponse, string>();

export function setRouteLabel(res: ServerResponse, label: string): void {
  labels.set(res, label);
}

export function routeLabel(res: ServerResponse): string | undefined {
  return labels.get(res);
}
