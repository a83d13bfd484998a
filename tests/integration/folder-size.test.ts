import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * No folder of the code or its tests holds more than 40 files: past that a folder is a list to
 * scroll, not a place to find things, and it is split by area (route files by audience, a large
 * domain folder into subfolders). Generated and installed folders are not ours to arrange.
 */
const MAX_FILES = 40;
const root = path.resolve(import.meta.dirname, "../..");
const SKIPPED = new Set(["node_modules", "build", "+types"]);

/** Each folder under `dir` (itself included) with the number of files directly in it. */
function folderSizes(dir: string): { folder: string; files: number }[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith("."));
  const here = { folder: path.relative(root, dir), files: entries.filter((e) => e.isFile()).length };
  const below = entries
    .filter((e) => e.isDirectory() && !SKIPPED.has(e.name))
    .flatMap((e) => folderSizes(path.join(dir, e.name)));
  return [here, ...below];
}

describe("folder sizes", () => {
  const sizes = ["app", "server", "scripts", "tests"].flatMap((top) => folderSizes(path.join(root, top)));

  it("reads the folders", () => {
    expect(sizes.find((s) => s.folder === "app/routes/api/dashboard")?.files).toBeGreaterThan(10);
  });

  it(`no folder holds more than ${MAX_FILES} files`, () => {
    expect(sizes.filter((s) => s.files > MAX_FILES)).toEqual([]);
  });
});
