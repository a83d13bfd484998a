import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Server folders that import each other, directly or round a loop, can only be understood
 * together. The layer rules keep the domain folders apart; this keeps the platform's knot (files
 * at server/'s root, lib/, db/) small: no more than three folders in one loop.
 */
const MAX_KNOT = 3;
const root = path.resolve(import.meta.dirname, "../..");

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** A server file's folder: its top folder under server/, or the file itself at server/'s root. */
function folderOf(file: string) {
  const parts = file.split("/");
  return parts.length > 2 ? parts[1]! : parts[1]!.replace(/\.tsx?$/, "");
}

/** Which folder imports which, from the files' relative and #server/ imports. */
function folderImports(files: Record<string, string>) {
  const edges = new Map<string, Set<string>>();
  for (const [file, text] of Object.entries(files)) {
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const spec = match[1]!;
      let target: string;
      if (spec.startsWith("#server/")) target = path.posix.join("server", spec.slice("#server/".length));
      else if (spec.startsWith(".")) target = path.posix.join(path.posix.dirname(file), spec);
      else continue;
      if (!target.startsWith("server/")) continue;
      const [from, to] = [folderOf(file), folderOf(/\.tsx?$/.test(target) ? target : `${target}.ts`)];
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

/** The loops: folders that reach each other through imports (strongly connected, two or more). */
function knots(edges: Map<string, Set<string>>): string[][] {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const loop = stack.splice(stack.indexOf(node));
      if (loop.length > 1) found.push(loop.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

describe("the server folder knot", () => {
  it(`holds no more than ${MAX_KNOT} folders in one loop`, () => {
    const files = Object.fromEntries(
      serverFiles(path.join(root, "server")).map((file) => [
        path.relative(root, file).split(path.sep).join("/"),
        fs.readFileSync(file, "utf8"),
      ]),
    );
    const loops = knots(folderImports(files));
    expect(loops.filter((loop) => loop.length > MAX_KNOT)).toEqual([]);
  });

  it("finds a loop through three folders and a root file, and none where imports go one way", () => {
    const planted = {
      "server/config.ts": `import { a } from "./lib/a.ts";`,
      "server/lib/a.ts": `import { b } from "../db/b.ts";`,
      "server/db/b.ts": `import { c } from "#server/jobs/c";`,
      "server/jobs/c.ts": `import { config } from "../config.ts";`,
      "server/http/d.ts": `import { a } from "../lib/a.ts";`,
    };
    expect(knots(folderImports(planted))).toEqual([["config", "db", "jobs", "lib"]]);
    expect(knots(folderImports({ ...planted, "server/jobs/c.ts": "export const c = 1;" }))).toEqual([]);
  });
});
