// Which statements a read sends, and whether PostgreSQL plans a sequential scan of a large
// table for any of them (the back office's reads must stay index scans at 100 000 members).
import type pg from "pg";

/** The tables that grow with the members; a small table (plans, staff) may be scanned. */
const LARGE_TABLES = new Set([
  "user",
  "profiles",
  "subscriptions",
  "ledger_entries",
  "chain_deposits",
  "billing_history",
  "notifications",
  "session",
  "contact_submissions",
  "telegram_chat_members",
]);

type Statement = { text: string; values: unknown[] };

/** Runs `work` and returns the reads it sent through the pool (pool.query and checked-out clients). */
export async function captureStatements(pool: pg.Pool, work: () => Promise<unknown>): Promise<Statement[]> {
  const statements = await captureAllStatements(pool, work);
  return statements.filter((s) => /^\s*(select|with)\b/i.test(s.text));
}

/** The same with every statement, BEGIN and COMMIT included: one per round trip. */
export async function captureAllStatements(pool: pg.Pool, work: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const record = (args: unknown[]) => {
    const [first, second] = args as [unknown, unknown];
    if (typeof first === "string") statements.push({ text: first, values: (second as unknown[]) ?? [] });
    else if (first && typeof first === "object" && "text" in first) {
      // Drizzle sends { text, types } with the values as the second argument.
      const query = first as { text: string; values?: unknown[] };
      statements.push({ text: query.text, values: Array.isArray(second) ? second : (query.values ?? []) });
    }
  };
  // pool.query checks a client out through connect() with a callback, transactions through the
  // promise form: wrapping the client each hands out sees both.
  const wrap = (client: pg.PoolClient) => {
    const clientQuery = client.query.bind(client);
    const patched = client as unknown as Record<string, unknown>;
    patched.query = (...args: unknown[]) => {
      record(args);
      return (clientQuery as (...a: unknown[]) => unknown)(...args);
    };
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      patched.query = clientQuery;
      client.release = release;
      return release(error);
    };
    return client;
  };
  const originalConnect = pool.connect.bind(pool) as (...a: unknown[]) => unknown;
  const patchedPool = pool as unknown as Record<string, unknown>;
  patchedPool.connect = (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => {
    if (callback)
      return originalConnect((error: Error | undefined, client: pg.PoolClient, done: unknown) =>
        callback(error, client && wrap(client), done),
      );
    return (originalConnect() as Promise<pg.PoolClient>).then(wrap);
  };
  try {
    await work();
  } finally {
    patchedPool.connect = originalConnect;
  }
  return statements;
}

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

function scansIn(node: PlanNode, found: Set<string>) {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"] && LARGE_TABLES.has(node["Relation Name"]))
    found.add(node["Relation Name"]);
  for (const child of node.Plans ?? []) scansIn(child, found);
}

/**
 * The large tables any of the statements would scan sequentially. A table the bench leaves
 * (nearly) empty, sessions say, is scanned because that is cheapest; only one with at least
 * 10 000 rows counts.
 */
export async function sequentialScans(pool: pg.Pool, statements: Statement[]): Promise<string[]> {
  const found = new Set<string>();
  for (const { text, values } of statements) {
    const result = await pool.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(`explain (format json) ${text}`, values);
    scansIn(result.rows[0]!["QUERY PLAN"][0]!.Plan, found);
  }
  if (found.size === 0) return [];
  const sizes = await pool.query<{ relname: string }>(
    "select relname from pg_class where relname = any($1) and reltuples >= 10000",
    [[...found]],
  );
  return sizes.rows.map((row) => row.relname).sort();
}
