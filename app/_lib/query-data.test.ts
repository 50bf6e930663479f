import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { cancelInFlight } from "./query-data";

describe("cancelInFlight", () => {
  it("keeps a mutation's answer when a fetch sent before the write lands after it", async () => {
    const queryClient = new QueryClient();
    const key = ["webhooks.latestReceiverCheck", { project_id: "p" }];
    let answerStale!: (v: { report: string | null }) => void;
    const stale = new Promise<{ report: string | null }>((resolve) => (answerStale = resolve));
    const fetching = queryClient.fetchQuery({ queryKey: key, queryFn: () => stale }).catch(() => null);
    await cancelInFlight(queryClient, key);
    queryClient.setQueryData(key, { report: "fresh" });
    answerStale({ report: null });
    await fetching;
    await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.getQueryData(key)).toEqual({ report: "fresh" });
  });
});
