// Builds the harness: the production play assets (scripts/build-play.ts) plus
// the fake-API bundle that replaces the server inside the iframe page.
import { build } from "esbuild";
import path from "node:path";
import { buildPlay, PLAY_OUT, PLAY_SRC, type Manifest } from "../../scripts/build-play";

export const HARNESS_OUT = path.join(PLAY_OUT, "harness");

export async function buildHarness(): Promise<Manifest> {
  const [manifest] = await Promise.all([
    buildPlay(),
    build({
      entryPoints: [path.join(PLAY_SRC, "harness/fake-api.ts")],
      outfile: path.join(HARNESS_OUT, "fake-api.js"),
      bundle: true,
      format: "iife",
      target: "es2020",
      logLevel: "silent",
      legalComments: "none",
    }),
  ]);
  return manifest;
}
