import { router } from "@/server/trpc/init";
import { commandRoute } from "./command";
import { getRunRoute } from "./get";
import { rewardRoute } from "./reward";
import { startRunRoute } from "./start";

export const gameRunsRouter = router({ start: startRunRoute, get: getRunRoute, command: commandRoute, reward: rewardRoute });
