import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { pgliteExtensions } from "#server/db/pglite-extensions";
import { migrationsFolder } from "#server/lib/paths";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dumped, freshly migrated PGlite data folder that every in-memory test database starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database runs initdb inside WebAssembly (about 4 s on the CI machine, once
 * per test database); loading a dumped folder takes a fraction of that. The template is made
 * from the committed migrations at the start of every run, so it can never be stale.
 */
export default async function setup(project: TestProject) {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
