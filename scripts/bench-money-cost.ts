// What one purchase costs, for `npm run bench -- money`: figures a loaded machine does not move,
// unlike its throughput (on a machine shared with other work one phase of the same purchases
// can run 0.8 or 1.2 times as fast as the phase before it). Purchases one at a time, one of each
// kind in turn (a plain one, an upgrade, one with a code, one with a limited code), so a change of
// load meets all alike; each by a member of its own who holds nothing (the upgrade's: the plan it
// replaces). For each kind: the statements sent (BEGIN and COMMIT included; on PostgreSQL BEGIN
// shares its round trip with the first read, run-transaction-reading-first.ts, so a purchase's
// round trips are one fewer), Node's CPU time, the CPU time of the PostgreSQL backends that
// served it (read from /proc, so only for a server on this machine), and the WAL it wrote (its
// own records without full-page images, read back with pg_walinspect where the server has it).
// A run bound by CPU, as a run at idle on two cores is, completes them in the inverse ratio.
import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { postLedgerEntry } from "../server/billing/ledger.ts";
import { purchaseSubscriptions } from "../server/billing/purchase-subscriptions.ts";
import type { Database } from "../server/db/client.ts";
import { profiles, user } from "../server/db/schema.ts";
import { captureAllStatements } from "./bench-explain.ts";

type Totals = { runs: number; roundTrips: number; nodeMs: number; databaseMs: number; walBytes: number };

/** Nanoseconds of CPU each process has used (the first field of /proc/<pid>/schedstat); null where unreadable. */
function cpuNs(pid: number): number | null {
  try {
    if (!readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres")) return null;
    return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    return null;
  }
}

/** The local PostgreSQL backends serving this database; none when the server is elsewhere. */
export async function localBackends(database: Database): Promise<number[]> {
  const host = new URL(process.env.DATABASE_URL ?? "postgres://x").hostname;
  if (database.kind !== "postgres" || !["127.0.0.1", "localhost", "::1", "[::1]", ""].includes(host)) return [];
  const result = await database.db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  return result.rows.map((row) => row.pid).filter((pid) => cpuNs(pid) !== null);
}

/** Each backend's CPU so far; one gone meanwhile (the pool closes idle connections) drops out. */
export const backendsNs = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuNs(pid)]));
export const spentNs = (before: Map<number, number | null>, after: Map<number, number | null>) =>
  [...before].reduce((sum, [pid, ns]) => {
    const later = after.get(pid);
    return ns === null || later === null || later === undefined ? sum : sum + later - ns;
  }, 0);

/** One kind of purchase: the plan bought, what it costs, a code, and the plan a member must hold first (an upgrade's). */
export type CostKind = { name: string; planId: number; total: bigint; couponCode?: string; holds?: number };

const lsnNumber = (lsn: string) => {
  const [high, low] = lsn.split("/");
  return Number.parseInt(high!, 16) * 2 ** 32 + Number.parseInt(low!, 16);
};

/** The WAL position now; null where the server cannot say (PGlite). */
async function walPosition(database: Database): Promise<string | null> {
  if (database.kind !== "postgres") return null;
  const result = await database.db.execute<{ lsn: string }>(sql`select pg_current_wal_insert_lsn()::text as lsn`);
  return result.rows[0]!.lsn;
}

/**
 * The bytes of WAL this database's transactions wrote in each [from, to) range: its records (the
 * blocks of its relations, and the commits of the transactions that wrote them), not the other
 * databases' of a shared server. Full-page images are left out: a page's first change after a
 * checkpoint writes the whole page, and checkpoints come whenever any database on the server
 * is created or dropped, so they would measure the timing, not the purchase.
 * Null without pg_walinspect (or the right to create it).
 */
async function walBytesOf(database: Database, ranges: { from: string; to: string }[]): Promise<number[] | null> {
  if (database.kind !== "postgres" || ranges.length === 0) return null;
  try {
    await database.db.execute(sql`create extension if not exists pg_walinspect`);
    const first = ranges[0]!.from;
    const last = ranges.at(-1)!.to;
    const records = await database.db.execute<{ lsn: string; bytes: number }>(sql`
      with w as (select * from pg_get_wal_records_info(${first}::pg_lsn, ${last}::pg_lsn)),
           mine as (select xid from w
                     where block_ref ~ ('rel [0-9]+/' || (select oid from pg_database where datname = current_database()) || '/')
                       and xid <> '0')
      select start_lsn::text as lsn, record_length - fpi_length as bytes from w
       where xid in (select xid from mine)
          or block_ref ~ ('rel [0-9]+/' || (select oid from pg_database where datname = current_database()) || '/')`);
    const bounds = ranges.map((range) => [lsnNumber(range.from), lsnNumber(range.to)] as const);
    const sums = ranges.map(() => 0);
    for (const record of records.rows) {
      const at = lsnNumber(record.lsn);
      const index = bounds.findIndex(([from, to]) => at >= from && at < to);
      if (index >= 0) sums[index]! += Number(record.bytes);
    }
    return sums;
  } catch {
    return null;
  }
}

/**
 * `runs` purchases of each of `kinds`, one at a time, in turn, each by a member of its own (funded;
 * holding the kind's `holds` plan first). Prints each kind's cost and its ratio to the first kind's.
 */
export async function measurePurchaseCost(options: { database: Database; kinds: CostKind[]; runs: number }) {
  const { database, kinds, runs } = options;
  const { db } = database;
  const members = new Map(kinds.map((kind) => [kind.name, Array.from({ length: runs }, () => crypto.randomUUID())]));
  const ids = [...members.values()].flat();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.insert(user).values(chunk.map((id) => ({ id, name: "Bench", email: `${id}@bench.invalid` })));
    await db.insert(profiles).values(chunk.map((id) => ({ id, firstName: "Bench", lastName: "Member" })));
  }
  const buy = (userId: string, kind: { planId: number; total: bigint; couponCode?: string }, key: string) =>
    purchaseSubscriptions({
      db,
      userId,
      planIds: [kind.planId],
      billingPeriod: "monthly",
      totalAmount: kind.total,
      idempotencyKey: key,
      couponCode: kind.couponCode ?? null,
    });
  const most = kinds.reduce((max, kind) => (kind.total > max ? kind.total : max), 0n);
  for (const id of ids) {
    await db.transaction((tx) =>
      postLedgerEntry({ tx, userId: id, kind: "deposit", amount: most * 3n, reference: `bench:cost:fund:${id}` }),
    );
  }
  for (const kind of kinds) {
    if (kind.holds === undefined) continue;
    const total = kinds.find((other) => other.planId === kind.holds && !other.couponCode)?.total ?? kind.total;
    for (const id of members.get(kind.name)!) await buy(id, { planId: kind.holds, total }, `bench:cost:hold:${id}`);
  }

  const totals = new Map<string, Totals>(
    kinds.map((kind) => [kind.name, { runs: 0, roundTrips: 0, nodeMs: 0, databaseMs: 0, walBytes: 0 }]),
  );
  const walRanges: { kind: string; from: string; to: string }[] = [];
  let local = true;
  const measure = async (kind: string, work: () => Promise<unknown>) => {
    // Asked before each purchase, outside what is measured: the pool may have opened a connection since.
    const pids = await localBackends(database);
    if (pids.length === 0) local = false;
    const walFrom = await walPosition(database);
    const dbBefore = backendsNs(pids);
    const nodeBefore = process.cpuUsage();
    const statements = database.pool ? await captureAllStatements(database.pool, work) : (await work(), []);
    const node = process.cpuUsage(nodeBefore);
    const dbAfter = backendsNs(pids);
    const walTo = await walPosition(database);
    if (walFrom && walTo) walRanges.push({ kind, from: walFrom, to: walTo });
    const sum = totals.get(kind)!;
    sum.runs++;
    sum.roundTrips += statements.length;
    sum.nodeMs += (node.user + node.system) / 1000;
    sum.databaseMs += spentNs(dbBefore, dbAfter) / 1e6;
  };
  for (let i = 0; i < runs; i++)
    for (const kind of kinds)
      await measure(kind.name, () => buy(members.get(kind.name)![i]!, kind, `bench:cost:${kind.name}:${i}`));
  const wal = await walBytesOf(database, walRanges);
  if (wal) walRanges.forEach((range, index) => (totals.get(range.kind)!.walBytes += wal[index]!));

  const line = (kind: string) => {
    const sum = totals.get(kind)!;
    const trips = database.pool ? `${(sum.roundTrips / sum.runs).toFixed(2)} statements, ` : "";
    const backend = local ? `, database ${(sum.databaseMs / sum.runs).toFixed(3)} ms` : "";
    const bytes = wal ? `; WAL ${(sum.walBytes / sum.runs).toFixed(0)} B (no page images)` : "";
    return `  ${kind.padEnd(9)} ${trips}CPU: node ${(sum.nodeMs / sum.runs).toFixed(3)} ms${backend}${bytes}`;
  };
  const cpu = (kind: string) => {
    const sum = totals.get(kind)!;
    return (sum.nodeMs + (local ? sum.databaseMs : 0)) / sum.runs;
  };
  console.log(`cost of one purchase (${runs} of each kind, one at a time, in turn; load-independent):`);
  for (const kind of kinds) console.log(line(kind.name));
  const [plain, ...others] = kinds;
  for (const kind of others)
    console.log(
      `${kind.name} / ${plain!.name} by CPU${local ? " (node and database)" : " (node only)"}: ${(cpu(plain!.name) / cpu(kind.name)).toFixed(2)}` +
        (wal
          ? `; WAL bytes ${(totals.get(kind.name)!.walBytes / Math.max(1, totals.get(plain!.name)!.walBytes)).toFixed(2)} times`
          : ""),
    );
}
