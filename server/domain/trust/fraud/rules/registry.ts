import { claimVelocityRule } from "./claim-velocity";
import { commandPaceRule } from "./command-pace";
import type { TFraudRule } from "./define";
import { recentFlagsRule } from "./recent-flags";
import { refusalRatioRule } from "./refusal-ratio";
import { replayMismatchRule } from "./replay-mismatch";
import { sharedAddressRule } from "./shared-address";

/** Every rule the fraud gate scores with; each is configurable per project by its `type`. */
export const FRAUD_RULES = [replayMismatchRule, commandPaceRule, sharedAddressRule, recentFlagsRule, claimVelocityRule, refusalRatioRule] as unknown as TFraudRule[];
