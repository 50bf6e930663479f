import { execFileSync } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import path from "node:path";

/**
 * The previous commit's code, checked out beside this one (`git worktree`, detached) with this
 * checkout's node_modules, its own Prisma client generated from its own schema and its own player
 * client and its processes built — everything its web and worker processes need, nothing of this commit's code.
 * `FAULT_PREVIOUS_REF` names another commit (a release tag, say); the default is `HEAD~1`.
 */
export function checkoutPrevious(runDir: string): { dir: string; commit: string; subject: string; remove(): void } {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  const ref = process.env.FAULT_PREVIOUS_REF ?? "HEAD~1";
  let commit: string;
  try {
    commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  } catch {
    throw new Error(`the expand/contract check needs the commit ${ref} (a shallow clone lacks it: fetch the history, or set FAULT_PREVIOUS_REF)`);
  }
  const dir = path.join(runDir, "previous");
  git("worktree", "add", "--detach", "--force", dir, commit);
  const remove = () => {
    try {
      git("worktree", "remove", "--force", dir);
    } catch {
      /* already gone */
    }
  };
  try {
    if (!existsSync(path.join(dir, "node_modules"))) symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
    const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
      execFileSync(cmd, args, { cwd: dir, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    run(process.execPath, [path.join(dir, "node_modules/prisma/build/index.js"), "generate"], { PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true" });
    run(process.execPath, ["--import", "tsx", "scripts/build-play.ts"]);
    // Compiled as its own npm start would run it (a commit from before that runs through tsx).
    if (existsSync(path.join(dir, "scripts/build-server.ts"))) run(process.execPath, ["--import", "tsx", "scripts/build-server.ts"]);
  } catch (e) {
    remove();
    throw new Error(`preparing ${commit.slice(0, 12)}: ${(e as { stderr?: Buffer }).stderr?.toString() || (e as Error).message}`);
  }
  return { dir, commit, subject: git("log", "-1", "--format=%s", commit), remove };
}
