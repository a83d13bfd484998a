import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../lib/paths.ts";
import type { Database } from "./client.ts";

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 727_001;

/**
 * Applies the committed SQL migrations. Safe when several instances start at once on one PostgreSQL.
 * `folder`: another folder of them (a test's copy that stops before the newest).
 */
export async function migrateDatabase({
  database,
  folder = migrationsFolder(),
}: {
  database: Database;
  folder?: string;
}) {
  if (database.kind === "pglite" || !database.pool) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  // A session advisory lock held on its own connection serialises concurrent start-ups:
  // the second instance waits, then finds every migration applied.
  const lockClient = await database.pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(database.db, { migrationsFolder: folder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
}
