import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { renderedOnce } from "./rendered-once.ts";
import { coupons } from "./schema.ts";

const dialect = new PgDialect();

describe("renderedOnce", () => {
  it("renders a statement embedding it as the fragment itself would", () => {
    const fragment = sql<string>`row(${coupons.kind}, ${coupons.planIds})::text`;
    const statement = (part: typeof fragment) => sql`select ${part} from coupons where id = ${7}`;
    expect(dialect.sqlToQuery(statement(renderedOnce(fragment)))).toEqual(dialect.sqlToQuery(statement(fragment)));
    expect(dialect.sqlToQuery(renderedOnce(fragment)).sql).toBe('row("coupons"."kind", "coupons"."plan_ids")::text');
  });

  it("refuses a fragment with a value, which the text alone would lose", () => {
    expect(() => renderedOnce(sql`${coupons.id} = ${7}`)).toThrow(/has values/);
  });
});
