import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Call before putting a mutation's answer into the cache with setQueryData. A fetch of the same
 * query already in flight was sent before the write and lands after it, replacing the answer
 * with what was there before: the receiver check's fresh report turned into "No check yet" that
 * way when the check was run while the page's first read was still out (seen in a CI run). The
 * fetch is cancelled (its result dropped, the query keeps its earlier state) so the answer stays.
 */
export async function cancelInFlight(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
}
