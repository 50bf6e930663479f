import { router } from "@/server/trpc/init";
import { loginRoute } from "./login";
import { logoutRoute } from "./logout";
import { meRoute } from "./me";
import { passwordRoute } from "./password";
import { sessionRevokeRoute } from "./session-revoke";
import { sessionsListRoute } from "./sessions-list";
import { signupRoute } from "./signup";

export const adminAuthRouter = router({
  signup: signupRoute,
  login: loginRoute,
  me: meRoute,
  logout: logoutRoute,
  sessions: sessionsListRoute,
  revokeSession: sessionRevokeRoute,
  changePassword: passwordRoute,
});
