import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Server-only modules must never reach the browser bundle (a route component importing a
// value from #server/... drags the database, auth or secrets handling into it).
test("the client bundle carries no server-only code", () => {
  const dir = path.resolve("build/client/assets");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".js"));
  // An empty or missing bundle would pass the scan below without reading a line: there must be
  // the client entry and the route chunks to scan.
  expect(files.length, `JavaScript files in ${dir}`).toBeGreaterThan(0);
  expect(
    files.some((f) => /^entry\.client-/.test(f)),
    `the client entry among ${files.join(", ")}`,
  ).toBe(true);
  const offenders: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    for (const marker of [
      "drizzle-orm",
      "better-auth",
      "@electric-sql/pglite",
      "nodemailer",
      "pg-pool",
      "process.env.DATABASE_URL",
      "node:crypto",
    ]) {
      if (text.includes(marker)) offenders.push(`${file}: ${marker}`);
    }
  }
  expect(offenders).toEqual([]);
});
