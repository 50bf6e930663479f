import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZProjectView } from "../_shared/schemas";
import { tags } from "./shared.types";

export const listMeta: TMeta = { auth: "admin", openapi: { method: "GET", path: "/v1/admin/projects", tags, summary: "My projects" } };
export const ZProjectListResponseSchema = z.object({ projects: z.array(ZProjectView) });
