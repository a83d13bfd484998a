// A database for a benchmark to fill and throw away: a scratch database created on the
// PostgreSQL server of DATABASE_URL and dropped afterwards (so no bench row ever lands in real
// data), else an in-memory PGlite.
import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../server/db/client.ts";

export const envInt = (name: string, fallback: number) => {
  const value = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export async function openScratch(options: {
  prefix: string;
  poolSize: number;
}): Promise<{ database: Database; label: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = openDatabase({ memory: true });
    return { database, label: "PGlite (in memory)", drop: () => database.close() };
  }
  const name = `${options.prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: scratch.toString(), poolSize: options.poolSize });
  return {
    database,
    label: `PostgreSQL (scratch database ${name} on ${scratch.host})`,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
