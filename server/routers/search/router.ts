import { router } from "@/server/trpc/init";
import { searchRoute } from "./search";

export const searchRouter = router({ query: searchRoute });
