import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markdownFiles } from "./helpers/markdown";

/**
 * The README is a front page and the rest lives in docs/: every relative link in them resolves to
 * a file of the repository, and every #anchor to a heading of its file. README stays short.
 */
const ROOT = path.resolve(".");


/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");

function anchors(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

const FILES = [path.join(ROOT, "README.md"), path.join(ROOT, "ARCHITECTURE.md"), ...markdownFiles(path.join(ROOT, "docs"))];

describe("documentation links", () => {
  it.each(FILES.map((f) => [path.relative(ROOT, f), f]))("%s: every relative link resolves", (_name, file) => {
    const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue; // http(s), mailto
      const [pathPart, anchor] = target!.split("#") as [string, string | undefined];
      const resolved = pathPart === "" ? file : path.resolve(path.dirname(file), pathPart);
      if (!existsSync(resolved)) broken.push(target!);
      else if (anchor && resolved.endsWith(".md") && !anchors(resolved).has(anchor)) broken.push(target!);
    }
    for (const [, src] of text.matchAll(/<img [^>]*src="([^"]+)"/g)) if (!/^[a-z]+:/i.test(src!) && !existsSync(path.resolve(path.dirname(file), src!))) broken.push(src!);
    expect(broken).toEqual([]);
  });

  it("keeps the README a front page: the two commands first, at most 150 lines", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
    const firstBlock = /```bash\n([\s\S]*?)```/.exec(readme)![1]!.trim().split("\n");
    expect(firstBlock.map((l) => l.split("#")[0]!.trim())).toEqual(["npm install && npm start", "npm install && npm test"]);
  });
});
