import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

/**
 * A fragment without values (columns and text only) rendered to its text once, when the module
 * loads: a statement that embeds it then copies one piece of text on every call instead of
 * rendering each column again (Drizzle's rendering of a column costs about a microsecond, a
 * purchase's statements are rendered on every purchase). Columns render as `"table"."column"`, as
 * in any statement that reads the table unaliased.
 */
export function renderedOnce<T>(fragment: SQL<T>): SQL<T> {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`renderedOnce: the fragment has values: ${text}`);
  return sql<T>`${sql.raw(text)}`;
}
