#!/usr/bin/env node
// The `playloop` command of @playloop/node (the code is src/cli.ts, built to dist/ on install).
import { main } from "../dist/cli.js";

process.exitCode = await main(process.argv.slice(2));
