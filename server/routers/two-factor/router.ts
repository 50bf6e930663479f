import { router } from "@/server/trpc/init";
import { twoFactorChallengeRoute } from "./challenge";
import { twoFactorConfirmRoute } from "./confirm";
import { twoFactorEnrollRoute } from "./enroll";
import { twoFactorRecoveryRoute } from "./recovery";
import { twoFactorRecoveryCodesRoute } from "./recovery-codes";
import { twoFactorResetRoute } from "./reset";
import { twoFactorStatusRoute } from "./status";

export const twoFactorRouter = router({
  status: twoFactorStatusRoute,
  enroll: twoFactorEnrollRoute,
  confirm: twoFactorConfirmRoute,
  challenge: twoFactorChallengeRoute,
  recovery: twoFactorRecoveryRoute,
  recoveryCodes: twoFactorRecoveryCodesRoute,
  reset: twoFactorResetRoute,
});
