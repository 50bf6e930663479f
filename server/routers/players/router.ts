import { router } from "@/server/trpc/init";
import { eraseRoute } from "./erase";
import { listPlayersRoute } from "./list";
import { progressRoute } from "./progress";
import { runCommandsRoute } from "./run-commands";
import { runReplayRoute } from "./replay";
import { runsRoute } from "./runs";
import { sessionsRoute } from "./sessions";

export const playersRouter = router({ list: listPlayersRoute, progress: progressRoute, sessions: sessionsRoute, runs: runsRoute, runCommands: runCommandsRoute, runReplay: runReplayRoute, erase: eraseRoute });
