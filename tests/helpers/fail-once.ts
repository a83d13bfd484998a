import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";

/**
 * A real database failure, once: a trigger on `table` that raises on the first row written
 * (`on`: insert or update) for which `when` (an SQL condition on NEW) holds, and lets every
 * later one through. The count is a sequence, which a rollback does not undo, so the failed
 * try's transaction rolls back whole and the redelivery that follows passes. `remove` drops it.
 *
 * For the "fail part-way, then redeliver" tests: the failure lands in the middle of a handler's
 * transaction, after some of its statements already ran.
 */
export async function failOnce(db: Db, options: { table: string; on?: "insert" | "update"; when: string }) {
  const name = `fail_once_${crypto.randomBytes(5).toString("hex")}`;
  await db.execute(sql.raw(`create sequence ${name}`));
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if ${options.when} then
          if nextval('${name}') = 1 then
            raise exception 'injected failure on %', tg_table_name;
          end if;
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger ${name} before ${options.on ?? "insert"} on ${options.table} for each row execute function ${name}()`,
    ),
  );
  return {
    async remove() {
      await db.execute(sql.raw(`drop trigger ${name} on ${options.table}`));
      await db.execute(sql.raw(`drop function ${name}()`));
      await db.execute(sql.raw(`drop sequence ${name}`));
    },
  };
}

/** An SQL literal of a test's own value (a member id), for `failOnce`'s condition. */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
