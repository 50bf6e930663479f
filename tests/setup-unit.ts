import { afterEach } from "vitest";
import { resetClock } from "@/server/lib/clock";

// A unit test beside the code gets no services (vitest.config.ts): only the one clock, back on
// real time after every test, so a test that moves it cannot leak it into the next.
afterEach(() => resetClock());
