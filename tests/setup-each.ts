import { afterAll, afterEach } from "vitest";
import { resetClock } from "@/server/lib/clock";
import { closeServices, setupServices } from "@/server/services/setup";

// Each test file is a process of its own, wired once by the same composition root as the web
// process (tests that do not touch the database pay for an idle pool only).
await setupServices({ role: "test" });
afterAll(() => closeServices());

// Every test starts on real time: a test that moves the one clock cannot leak it into the next.
afterEach(() => resetClock());
