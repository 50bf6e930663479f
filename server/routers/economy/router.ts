import { router } from "@/server/trpc/init";
import { adminGrantRoute } from "./admin-grant";
import { balancesRoute } from "./balances";
import { grantRoute } from "./grant";
import { playerLedgerRoute } from "./player-ledger";
import { economySettingsRoute } from "./settings-get";
import { updateEconomySettingsRoute } from "./settings-update";
import { spendRoute } from "./spend";

/** The player's and the integrator's economy routes. */
export const economyRouter = router({ balances: balancesRoute, spend: spendRoute, grant: grantRoute });

/** The admin's economy routes (also on the console endpoint). */
export const economyAdminRouter = router({ settings: economySettingsRoute, updateSettings: updateEconomySettingsRoute, grant: adminGrantRoute, player: playerLedgerRoute });
