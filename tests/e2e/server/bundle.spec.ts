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

// Libraries only the back office uses (recharts, for /admin's charts) must stay in its chunks:
// no public route's module or the chunks it imports may carry them, so a visitor's first load
// never downloads them.
test("public routes' chunks carry no back-office-only library", () => {
  const dir = path.resolve("build/client/assets");
  const manifestFile = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  expect(manifestFile, `the route manifest in ${dir}`).toBeTruthy();
  const text = fs.readFileSync(path.join(dir, manifestFile!), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const chunksOf = (route: { module: string; imports?: string[] }) => [route.module, ...(route.imports ?? [])];
  const isAdmin = (routeId: string) => routeId.startsWith("routes/admin/");
  const publicChunks = new Set(chunksOf(manifest.entry));
  const adminChunks = new Set<string>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    for (const chunk of chunksOf(route)) (isAdmin(id) ? adminChunks : publicChunks).add(chunk);
  }
  const carriers = (marker: string, chunks: Set<string>) =>
    [...chunks].filter((chunk) => fs.readFileSync(path.join(dir, path.basename(chunk)), "utf8").includes(marker));
  // The marker is really there: the back office's overview ships the charts.
  expect(carriers("recharts-surface", adminChunks).length).toBeGreaterThan(0);
  expect(carriers("recharts-surface", publicChunks)).toEqual([]);
});

// The Telegram portal (/tg) loads one small script of its own and no React: under 100 KB
// compressed, and none of it in the chunks public pages load.
test("the portal's script is its own, and small", () => {
  const dir = path.resolve("build/client/assets");
  const { src } = JSON.parse(fs.readFileSync(path.resolve("build/portal-script.json"), "utf8")) as { src: string };
  const file = path.join(dir, path.basename(src));
  expect(fs.readFileSync(`${file}.gz`).length).toBeLessThan(100_000);
  expect(fs.readFileSync(`${file}.br`).length).toBeLessThan(100_000);
  const others = fs.readdirSync(dir).filter((f) => f.endsWith(".js") && f !== path.basename(src));
  expect(others.length).toBeGreaterThan(0);
  // The portal's token key is in its script, and in no other.
  expect(fs.readFileSync(file, "utf8")).toContain("portal-token");
  const carriers = others.filter((f) => fs.readFileSync(path.join(dir, f), "utf8").includes("portal-token"));
  expect(carriers).toEqual([]);
});
