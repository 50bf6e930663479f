import { afterEach } from "vitest";
import { resetClock } from "@/server/lib/clock";

// Every test starts on real time: a test that moves the one clock cannot leak it into the next.
afterEach(() => resetClock());
