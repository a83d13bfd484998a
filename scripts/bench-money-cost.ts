// What one purchase costs, for `npm run bench -- money`: figures a loaded machine does not move,
// unlike its throughput (on a machine shared with other work one phase of the same purchases
// can run 0.8 or 1.2 times as fast as the phase before it). Purchases one at a time, a plain one
// and an upgrade in turn, so a change of load meets both alike; for each kind: the statements
// sent (BEGIN and COMMIT included; on PostgreSQL BEGIN shares its round trip with the first read,
// run-transaction-reading-first.ts, so a purchase's round trips are one fewer), Node's CPU time, and the CPU time of the
// PostgreSQL backends that served it (read from /proc, so only for a server on this machine).
// A run bound by CPU, as a run at idle on two cores is, completes them in the inverse ratio.
import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { postLedgerEntry } from "../server/billing/ledger.ts";
import { purchaseSubscriptions } from "../server/billing/purchase-subscriptions.ts";
import type { Database } from "../server/db/client.ts";
import { profiles, user } from "../server/db/schema.ts";
import { captureAllStatements } from "./bench-explain.ts";

type Kind = "purchase" | "upgrade";
type Totals = { runs: number; roundTrips: number; nodeMs: number; databaseMs: number };

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
async function localBackends(database: Database): Promise<number[]> {
  const host = new URL(process.env.DATABASE_URL ?? "postgres://x").hostname;
  if (database.kind !== "postgres" || !["127.0.0.1", "localhost", "::1", "[::1]", ""].includes(host)) return [];
  const result = await database.db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  return result.rows.map((row) => row.pid).filter((pid) => cpuNs(pid) !== null);
}

/** Each backend's CPU so far; one gone meanwhile (the pool closes idle connections) drops out. */
const backendsNs = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuNs(pid)]));
const spentNs = (before: Map<number, number | null>, after: Map<number, number | null>) =>
  [...before].reduce((sum, [pid, ns]) => {
    const later = after.get(pid);
    return ns === null || later === null || later === undefined ? sum : sum + later - ns;
  }, 0);

/**
 * `runs` members holding plan `planId` buy `bundleId` (an upgrade over it, `upgradeTotal` to pay)
 * while `runs` others buy `planId` itself (`price`), one purchase at a time, in turn. Prints
 * each kind's cost and their ratio.
 */
export async function measurePurchaseCost(options: {
  database: Database;
  planId: number;
  bundleId: number;
  price: bigint;
  upgradeTotal: bigint;
  runs: number;
}) {
  const { database, planId, bundleId, price, runs } = options;
  const { db } = database;
  const ids = Array.from({ length: runs * 2 }, () => crypto.randomUUID());
  await db.insert(user).values(ids.map((id) => ({ id, name: "Bench", email: `${id}@bench.invalid` })));
  await db.insert(profiles).values(ids.map((id) => ({ id, firstName: "Bench", lastName: "Member" })));
  const buy = (userId: string, plan: number, total: bigint, key: string) =>
    purchaseSubscriptions({
      db,
      userId,
      planIds: [plan],
      billingPeriod: "monthly",
      totalAmount: total,
      idempotencyKey: key,
    });
  for (const id of ids) {
    await db.transaction((tx) =>
      postLedgerEntry({ tx, userId: id, kind: "deposit", amount: price * 3n, reference: `bench:cost:fund:${id}` }),
    );
  }
  const holders = ids.slice(0, runs);
  for (const id of holders) await buy(id, planId, price, `bench:cost:hold:${id}`);

  const totals: Record<Kind, Totals> = {
    purchase: { runs: 0, roundTrips: 0, nodeMs: 0, databaseMs: 0 },
    upgrade: { runs: 0, roundTrips: 0, nodeMs: 0, databaseMs: 0 },
  };
  let local = true;
  const measure = async (kind: Kind, work: () => Promise<unknown>) => {
    // Asked before each purchase, outside what is measured: the pool may have opened a connection since.
    const pids = await localBackends(database);
    if (pids.length === 0) local = false;
    const dbBefore = backendsNs(pids);
    const nodeBefore = process.cpuUsage();
    const statements = database.pool ? await captureAllStatements(database.pool, work) : (await work(), []);
    const node = process.cpuUsage(nodeBefore);
    const dbAfter = backendsNs(pids);
    const sum = totals[kind];
    sum.runs++;
    sum.roundTrips += statements.length;
    sum.nodeMs += (node.user + node.system) / 1000;
    sum.databaseMs += spentNs(dbBefore, dbAfter) / 1e6;
  };
  for (let i = 0; i < runs; i++) {
    await measure("purchase", () => buy(ids[runs + i]!, planId, price, `bench:cost:plain:${i}`));
    await measure("upgrade", () => buy(holders[i]!, bundleId, options.upgradeTotal, `bench:cost:upgrade:${i}`));
  }

  const line = (kind: Kind) => {
    const sum = totals[kind];
    const trips = database.pool ? `${(sum.roundTrips / sum.runs).toFixed(2)} statements, ` : "";
    const backend = local ? `, database ${(sum.databaseMs / sum.runs).toFixed(3)} ms` : "";
    return `  ${kind.padEnd(9)} ${trips}CPU: node ${(sum.nodeMs / sum.runs).toFixed(3)} ms${backend}`;
  };
  const cpu = (kind: Kind) => (totals[kind].nodeMs + (local ? totals[kind].databaseMs : 0)) / totals[kind].runs;
  console.log(`cost of one purchase (${runs} of each, one at a time, in turn; load-independent):`);
  console.log(line("purchase"));
  console.log(line("upgrade"));
  console.log(
    `upgrade / purchase by CPU${local ? " (node and database)" : " (node only)"}: ${(cpu("purchase") / cpu("upgrade")).toFixed(2)}`,
  );
}
