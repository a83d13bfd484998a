import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "#server/db/client";
import { migrateDatabase } from "#server/db/migrate";
import { migrationsFolder } from "#server/lib/paths";

export type MigrationOptions = {
  /**
   * The tag of the last migration to apply (`0052_billing_coupon_issue_idx`): the database is left
   * as it was before the ones after it, so a test can write rows and then see what the next one
   * does to them (`migrateDatabase` applies the rest).
   */
  migratedUpTo?: string;
};

/** Applies the committed migrations up to and including `last`, from a copy of the folder whose journal stops there. */
export async function migrateUpTo(database: Database, last: string) {
  const folder = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  if (end < 0) throw new Error(`No migration ${last} in ${folder}`);
  const entries = journal.entries.slice(0, end + 1);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  try {
    fs.mkdirSync(path.join(copy, "meta"));
    fs.writeFileSync(path.join(copy, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) fs.copyFileSync(path.join(folder, `${tag}.sql`), path.join(copy, `${tag}.sql`));
    await migrateDatabase({ database, folder: copy });
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
