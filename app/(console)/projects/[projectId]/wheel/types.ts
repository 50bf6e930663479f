import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { TConsoleRouter } from "@/server/routers/console";

type TOut = inferRouterOutputs<TConsoleRouter>["wheelAdmin"];
type TIn = inferRouterInputs<TConsoleRouter>["wheelAdmin"];

export type TWheelId = TIn["draft"]["wheel_id"];
export type TDraftView = TOut["draft"];
export type TWheelDraft = TDraftView["draft"];
type TSegment = TWheelDraft["segments"][number];
export type TWheelIcon = TSegment["icon"];
export type TDraftInput = Omit<TIn["saveDraft"], "project_id" | "wheel_id">;
export type TSimulation = TOut["simulate"];
export type TWheelStats = TOut["stats"];
export type TWheelSettings = TOut["settings"];

/** What the workspace last told the admin about the draft (saved, stale, published). */
export type TNotice = { kind: "saved" } | { kind: "stale" } | { kind: "published"; version: number; hash: string } | null;
