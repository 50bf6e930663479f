import { router } from "@/server/trpc/init";
import { checkoutRoute } from "./checkout";
import { billingRoute } from "./get";
import { invoicesRoute } from "./invoices";
import { paySimulatedRoute } from "./pay-simulated";
import { plansRoute } from "./plans";
import { upgradeRoute } from "./upgrade";

export const billingRouter = router({
  plans: plansRoute,
  get: billingRoute,
  upgrade: upgradeRoute,
  invoices: invoicesRoute,
  checkout: checkoutRoute,
  paySimulated: paySimulatedRoute,
});
