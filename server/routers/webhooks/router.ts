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
import { latestReceiverCheckRoute, receiverCheckRoute, serverReceiverCheckRoute } from "./receiver-check";
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
  receiverCheck: receiverCheckRoute,
  latestReceiverCheck: latestReceiverCheckRoute,
});

/** The integrator's server (API key): not on the console's endpoint. */
export const webhooksServerRouter = router({
  receiverCheck: serverReceiverCheckRoute,
});
