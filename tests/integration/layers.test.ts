import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");
const config = path.join(root, "layers.config.cjs");

/** Runs the layer check the way `npm run lint` does; resolves with its exit code and output. */
async function checkLayers(cwd: string) {
  try {
    const { stdout } = await run(depcruise, ["--config", config, "server", "app"], { cwd });
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string };
    return { code: failure.code ?? -1, output: failure.stdout ?? "" };
  }
}

// A miniature project with one violation of each rule, written as a mistake would be.
const planted: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { module: "ESNext", moduleResolution: "Bundler", allowImportingTsExtensions: true },
  }),
  "server/config.ts": `export const config = {};\n`,
  "server/db/client.ts": `import { chargeRenewal } from "../billing/renew.ts";\nexport const db = chargeRenewal;\n`,
  "server/billing/renew.ts": `import { app } from "../http/app.ts";\nexport const chargeRenewal = app;\n`,
  "server/http/app.ts": `import { startServer } from "../start.ts";\nexport const app = startServer;\n`,
  "server/start.ts": `export const startServer = 1;\n`,
  "server/telegram/a.ts": `import { b } from "./b.ts";\nexport const a = b;\n`,
  "server/telegram/b.ts": `import { a } from "./a.ts";\nexport const b = a;\n`,
  "server/content/search.ts": `import { Term } from "../../app/components/term.tsx";\nexport const search = Term;\n`,
  "app/components/term.tsx": `export const Term = 1;\n`,
  "app/lib/money.ts": `import { config } from "../../server/config.ts";\nexport const money = config;\n`,
  "app/components/plan-card.tsx":
    `import type { Plan } from "../../server/content/plans.ts";\nexport const card = (plan: ` + `Plan) => plan.name;\n`,
  "server/content/plans.ts": `export type Plan = { name: string };\n`,
  "server/security/limit.ts": `import { ledger } from "../billing/ledger.ts";\nexport const limit = ledger;\n`,
  "server/billing/ledger.ts": `export const ledger = 1;\n`,
  "server/billing/internal.ts": `export const internal = 1;\n`,
  "server/dashboard/list.ts":
    `import { internal } from "../billing/internal.ts";\nimport { ledger } from ` +
    `"../billing/ledger.ts";\nexport const list = internal + ledger;\n`,
  "server/staff/record-audit-event.ts": `export const record = 1;\n`,
  "server/staff/posts/post-rows.ts": `import { record } from "../record-audit-event.ts";\nexport const rows = record;\n`,
  "server/staff/plans/save-plan.ts": `import { rows } from "../posts/post-rows.ts";\nexport const save = rows;\n`,
  "server/staff/search/search-posts.ts": `import { rows } from "../posts/post-rows.ts";\nexport const search = rows;\n`,
  "app/components/admin/rich-text/toolbar.tsx": `export const Toolbar = 1;\n`,
  "app/components/admin/posts/status-badge.tsx": `import { Toolbar } from "../rich-text/toolbar.tsx";\nexport const Badge = Toolbar;\n`,
  "app/components/admin/plans/plans-table.tsx": `import { Badge } from "../posts/status-badge.tsx";\nexport const Table = Badge;\n`,
};
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("layer rules (layers.config.cjs)", () => {
  it("hold for the whole tree", async () => {
    const { code, output } = await checkLayers(root);
    expect(output).toContain("no dependency violations found");
    expect(code).toBe(0);
  }, 120_000);

  it("fail on a planted cycle and on every import that goes up a layer", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
    dirs.push(dir);
    for (const [file, text] of Object.entries(planted)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const { code, output } = await checkLayers(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/error no-cycle: server\/telegram\/(a|b)\.ts/);
    expect(output).toContain("error platform-stays-down: server/db/client.ts → server/billing/renew.ts");
    expect(output).toContain("error domain-stays-below-web: server/billing/renew.ts → server/http/app.ts");
    expect(output).toContain("error web-stays-below-entry: server/http/app.ts → server/start.ts");
    expect(output).toContain(
      "error server-never-imports-components: server/content/search.ts → app/components/term.tsx",
    );
    expect(output).toContain("error shared-imports-neither-side: app/lib/money.ts → server/config.ts");
    expect(output).toContain(
      "error components-never-import-server: app/components/plan-card.tsx → server/content/plans.ts",
    );
    // A lower domain folder never uses a higher one, even through its public file…
    expect(output).toContain("error domain-order: server/security/limit.ts → server/billing/ledger.ts");
    // …and a higher one uses only the public files: ledger.ts is one, internal.ts is not.
    expect(output).toContain(
      "error domain-through-public-files: server/dashboard/list.ts → server/billing/internal.ts",
    );
    expect(output).not.toContain("server/dashboard/list.ts → server/billing/ledger.ts");
    // A back-office section uses its own folder and the shared root, never another section (search aside).
    expect(output).toContain(
      "error back-office-sections-apart: server/staff/plans/save-plan.ts → server/staff/posts/post-rows.ts",
    );
    expect(output).toContain(
      "error back-office-sections-apart: app/components/admin/plans/plans-table.tsx → " +
        "app/components/admin/posts/status-badge.tsx",
    );
    expect(output).not.toContain("server/staff/posts/post-rows.ts → server/staff/record-audit-event.ts");
    expect(output).not.toContain("server/staff/search/search-posts.ts →");
    expect(output).not.toContain("app/components/admin/posts/status-badge.tsx →");
  }, 120_000);
});

describe("docs/architecture.md", () => {
  it("names every domain folder that exists, in DOMAIN_ORDER's order", () => {
    const source = fs.readFileSync(config, "utf8");
    const start = source.indexOf("const DOMAIN_ORDER");
    const order = [...source.slice(start, source.indexOf("];", start)).matchAll(/^\s+"([a-z-]+)"/gm)].map((m) => m[1]!);
    // Every server folder that is not a layer of its own (platform, web, entry points) is a domain folder.
    const layers = ["db", "lib", "http", "jobs", "ops"];
    const folders = fs
      .readdirSync(path.join(root, "server"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !layers.includes(entry.name))
      .map((entry) => entry.name);
    expect([...order].sort()).toEqual(folders.sort());
    const page = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");
    const paragraph = page.slice(
      page.indexOf("Domain folders are ordered"),
      page.indexOf("A folder uses only folders"),
    );
    const named = order.map((folder) => paragraph.search(new RegExp(`\\b${folder}\\b`)));
    expect(named.filter((at) => at < 0)).toEqual([]);
    expect(named).toEqual([...named].sort((a, b) => a - b));
  });
});
