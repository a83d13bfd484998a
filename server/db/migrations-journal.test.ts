import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../lib/paths.ts";

/*
 * The migrator applies a journal entry only when its `when` is later than the last one applied
 * to the database: an entry added with an earlier time than one already deployed would be
 * skipped for ever on that database. So the journal stays in the order of its numbers, with
 * times that only grow, and names exactly the SQL files there are.
 */
type Entry = { idx: number; tag: string; when: number };
const folder = migrationsFolder();
const { entries } = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
  entries: Entry[];
};

describe("the migrations' journal", () => {
  it("lists every SQL file once, and no other", () => {
    const files = fs
      .readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .map((f) => f.replace(/\.sql$/, ""))
      .sort();
    expect(entries.map((e) => e.tag).sort()).toEqual(files);
  });

  it("numbers each entry as its file and keeps them in that order, each later than the one before", () => {
    for (const [i, entry] of entries.entries()) {
      expect(entry.tag.slice(0, 4), entry.tag).toBe(String(entry.idx).padStart(4, "0"));
      if (i === 0) continue;
      const before = entries[i - 1]!;
      expect(entry.idx, entry.tag).toBeGreaterThan(before.idx);
      expect(entry.when, `${entry.tag} must come after ${before.tag} in time`).toBeGreaterThan(before.when);
    }
  });
});
