import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openDatabase, type Database } from "#server/db/client";
import { migrateDatabase } from "#server/db/migrate";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { migrateUpTo, type MigrationOptions } from "./migrations";

export type DatabaseKind = "pglite" | "postgres";

/** The kinds every integration test runs on: in-memory PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** A fresh, migrated database; PostgreSQL ones get their own database, dropped by `drop`. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: MigrationOptions = {},
): Promise<{ database: Database; drop: () => Promise<void>; /** PostgreSQL's, for a child process. */ url?: string }> {
  const migrate = (database: Database) =>
    options.migratedUpTo ? migrateUpTo(database, options.migratedUpTo) : migrateDatabase({ database });
  if (kind === "pglite") {
    // A copy of the migrated template (tests/setup/global-setup.ts); migrating again is a no-op
    // that still proves the copy carries drizzle's journal.
    const database = options.migratedUpTo
      ? openDatabase({ memory: true })
      : openDatabase({ memory: true, from: new Blob([fs.readFileSync(inject("pgliteTemplate"))]) });
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** Runs a suite once per database kind, each on its own fresh database. */
export function describeEachDatabase(
  name: string,
  suite: (database: () => Database, kind: DatabaseKind) => void,
  options: MigrationOptions = {},
) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let current: Awaited<ReturnType<typeof createTestDatabase>>;
      beforeAll(async () => {
        current = await createTestDatabase(kind, options);
      });
      afterAll(async () => {
        await current?.drop();
      });
      suite(() => current.database, kind);
    });
  }
}

/**
 * Makes this suite's database the one the app's code reads (the process's `database`), with a
 * fresh auth instance built on it: route actions, loaders and jobs called by the suite then write
 * where its assertions read. Call it first in the suite, before the hooks that sign people up.
 */
export function useProcessDatabase(database: () => Database) {
  beforeAll(() => {
    resetSingleton("auth");
    setSingleton("database", database());
  });
}
