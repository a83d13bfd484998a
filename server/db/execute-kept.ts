import { createHash } from "node:crypto";
import { Column, is, Param, SQL, sql, StringChunk, Table } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";

/** The parts of Drizzle's database and transaction objects that `execute` itself goes through. */
type Dialect = { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
type DrizzleInternals = {
  dialect: Dialect;
  session: {
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ) => { execute: () => Promise<unknown> };
  };
};

/**
 * `db.execute(query)`, sent on PostgreSQL as a named prepared statement: the server parses and
 * plans the statement once per connection and keeps it, instead of on every call (for the
 * purchase's two big statements, parsing and planning cost about as much as running them).
 *
 * node-postgres keeps, per connection, the names it has prepared: the first use of a name on a
 * connection sends the text with the values in the same round trip, later uses only the values.
 * A connection that is lost (a restart, a failover) is replaced by a new one, which knows no name
 * yet and prepares it again on first use. A prepared statement is not undone by a rollback, and
 * PostgreSQL re-plans it by itself after a schema change (migrations run before the first use).
 * Under PGlite the name is ignored (Drizzle's PGlite session has no use for it): it just executes.
 *
 * The name sent is `name` followed by a hash of the text, so one name can never stand for two
 * texts (node-postgres refuses that) and a change to a statement's text is prepared afresh. The
 * text must still not vary with the data (a cart's length, a list's items): pass lists as one
 * array parameter (`= any(${sql.param(ids)}::int[])`), or every new text costs a new prepared
 * statement on every connection, kept until the connection ends. A few shapes (a part of the
 * statement present or not) are fine: each is prepared once.
 *
 * Goes through the same session call as `db.execute` (Drizzle's `prepareQuery`, which takes the
 * name), so results are parsed the same way (timestamps as text, json parsed).
 */
export async function executeKept<Row extends Record<string, unknown>>(options: {
  db: DbOrTx;
  /** A short name for the statement (letters, digits, `_`): it shows in pg_prepared_statements. */
  name: string;
  query: SQL;
}): Promise<{ rows: Row[] }> {
  const { dialect, session } = options.db as unknown as DrizzleInternals;
  const known = keptShape(options.name, options.query, dialect);
  let prepared;
  if (known) prepared = session.prepareQuery(known, undefined, known.name, false);
  else {
    const built = dialect.sqlToQuery(options.query);
    prepared = session.prepareQuery(built, undefined, keptName(options.name, built.sql), false);
  }
  return (await prepared.execute()) as { rows: Row[] };
}

/** Where a value stands in a shape (any object no chunk can be). */
const PARAM = Symbol("param");

/** A step along a statement's chunks; the last one holds the text and name the chunks make. */
type Shape = { next: Map<unknown, Shape>; kept?: { sql: string; name: string } };

/**
 * Statements already sent, as trees of their chunks by caller's name. A statement is built from
 * template literals whose strings are the same interned strings on every call, and the same
 * table and column objects: following them (compared by identity, their hashes kept by V8) finds
 * the text and its name without writing the text out and hashing it again (several KB for the
 * purchase's statements, on every call), and node-postgres then compares the text it last
 * prepared under that name with the very same string. Only the values are collected each call.
 * Bounded, in case a caller's chunks vary after all (then it is only slower).
 */
const shapes = new Map<string, Shape>();
let shapeSteps = 0;
const SHAPE_STEPS_MAX = 50_000;

/** The statement's name, text and values, or null when buildPlainChunks would leave it to Drizzle. */
export function keptShape(
  name: string,
  query: SQL,
  dialect: Dialect,
): { name: string; sql: string; params: unknown[] } | null {
  let root = shapes.get(name);
  if (root === undefined) {
    if (shapeSteps >= SHAPE_STEPS_MAX) {
      shapes.clear();
      shapeSteps = 0;
    }
    shapes.set(name, (root = { next: new Map() }));
  }
  const walked = { node: root, params: [] as unknown[] };
  if (!walkShape(query, walked)) return null;
  let kept = walked.node.kept;
  if (kept === undefined) {
    const built = buildPlainChunks(query, dialect);
    if (built === null) return null;
    kept = walked.node.kept = { sql: built.sql, name: keptName(name, built.sql) };
  }
  return { name: kept.name, sql: kept.sql, params: walked.params };
}

/** Goes one step along the shape, making the step if it is new. */
function step(walked: { node: Shape }, key: unknown): void {
  let next = walked.node.next.get(key);
  if (next === undefined) {
    walked.node.next.set(key, (next = { next: new Map() }));
    shapeSteps++;
  }
  walked.node = next;
}

/** buildPlainChunks' walk, keeping to the shape the chunks trace instead of writing the text. */
function walkShape(part: SQL, walked: { node: Shape; params: unknown[] }): boolean {
  if ((part as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of part.queryChunks as readonly unknown[]) {
    if (chunk instanceof StringChunk) step(walked, chunk.value.length === 1 ? chunk.value[0] : chunk.value.join(""));
    else if (chunk instanceof SQL) {
      if (!walkShape(chunk, walked)) return false;
    } else if (chunk === undefined) continue;
    else if (chunk instanceof Param) {
      if (chunk.value !== null && typeof chunk.value === "object" && !Array.isArray(chunk.value)) return false;
      const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value !== null && typeof value === "object" && !Array.isArray(value)) return false;
      walked.params.push(value);
      step(walked, PARAM);
    } else if (chunk === null || PRIMITIVE.has(typeof chunk)) {
      walked.params.push(chunk);
      step(walked, PARAM);
    } else if (names.has(chunk as object) || is(chunk, Column) || is(chunk, Table)) step(walked, chunk);
    else return false;
  }
  return true;
}

/**
 * Names already given, by name and text: a statement's few shapes are hashed once each instead of
 * on every call. Bounded, in case a caller's text varies after all (then it is only slower).
 */
const named = new Map<string, string>();
const NAMED_MAX = 500;

/** The statement's name on the server: the caller's, then the text's hash (PostgreSQL keeps 63 bytes of a name). */
function keptName(name: string, text: string): string {
  const key = `${name}\n${text}`;
  const known = named.get(key);
  if (known !== undefined) return known;
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(name)) throw new Error(`executeKept: "${name}" is not a statement name`);
  const kept = `${name}_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  if (named.size >= NAMED_MAX) named.clear();
  named.set(key, kept);
  return kept;
}

const PRIMITIVE = new Set(["string", "number", "bigint", "boolean"]);

/** A table's or column's name as Drizzle writes it into a statement, written once per object. */
const names = new WeakMap<object, string>();

/**
 * The statement's text and values, as Drizzle's `sqlToQuery` builds them, by a walk that knows only
 * what the kept statements are made of: text, nested `sql`, plain values, `sql.param`s, and tables
 * and columns (their names asked of Drizzle once each). The purchase's statements are built on
 * every call, and Drizzle's builder, general (placeholders, lists, subqueries, inlined values) and
 * merging a result per chunk, cost several percent of a purchase's Node time. Anything else makes
 * this return null, and Drizzle's builder is used.
 */
export function buildPlainChunks(query: SQL, dialect: Dialect): { sql: string; params: unknown[] } | null {
  const params: unknown[] = [];
  let text = "";
  const walk = (part: SQL): boolean => {
    // `sql.inlineParams()` writes the values into the text: Drizzle's.
    if ((part as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
    for (const chunk of part.queryChunks as readonly unknown[]) {
      if (chunk instanceof StringChunk) text += chunk.value.join("");
      else if (chunk instanceof SQL) {
        if (!walk(chunk)) return false;
      } else if (chunk === undefined) continue;
      else if (chunk instanceof Param) {
        // An object (a Date, a placeholder) may be encoded as anything, SQL included: Drizzle's.
        if (chunk.value !== null && typeof chunk.value === "object" && !Array.isArray(chunk.value)) return false;
        const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (value !== null && typeof value === "object" && !Array.isArray(value)) return false;
        params.push(value);
        text += `$${params.length}`;
      } else if (chunk === null || PRIMITIVE.has(typeof chunk)) {
        params.push(chunk);
        text += `$${params.length}`;
      } else if (is(chunk, Column) || is(chunk, Table)) {
        let name = names.get(chunk);
        if (name === undefined) names.set(chunk, (name = dialect.sqlToQuery(sql`${chunk}`).sql));
        text += name;
      } else return false; // a list, a date, a placeholder, a subquery
    }
    return true;
  };
  return walk(query) ? { sql: text, params } : null;
}
