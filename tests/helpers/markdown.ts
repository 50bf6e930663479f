import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Every `.md` file under `dir`, recursively. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? markdownFiles(full) : name.endsWith(".md") ? [full] : [];
  });
}
