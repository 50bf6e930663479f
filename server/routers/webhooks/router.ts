import { router } from "@/server/trpc/init";
import { deliveriesRoute } from "./deliveries";
import { inboxClearRoute } from "./inbox-clear";
import { inboxRoute } from "./inbox-get";
import { inboxRotateRoute } from "./inbox-rotate";
import { retryRoute } from "./retry";
import { revealSecretRoute } from "./secret-reveal";
import { rotateSecretRoute } from "./secret-rotate";
import { settingsRoute } from "./settings-get";
import { settingsUpdateRoute } from "./settings-update";
import { testWebhookRoute } from "./test";

export const webhooksRouter = router({
  deliveries: deliveriesRoute,
  retry: retryRoute,
  revealSecret: revealSecretRoute,
  rotateSecret: rotateSecretRoute,
  test: testWebhookRoute,
  settings: settingsRoute,
  updateSettings: settingsUpdateRoute,
  inbox: inboxRoute,
  clearInbox: inboxClearRoute,
  rotateInbox: inboxRotateRoute,
});
