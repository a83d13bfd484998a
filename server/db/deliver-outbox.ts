import { sql, type SQL } from "drizzle-orm";
import { LEASE_SECONDS, RUN_BUDGET_MS, sendBeforeDeadline } from "../lib/outbox-lease.ts";
import type { Db } from "./client.ts";

/** Where an outbox keeps its state: the table and its four columns. */
export type OutboxColumns = {
  table: string;
  sentAt: string;
  nextAttemptAt: string;
  attempts: string;
  lastError: string;
};

/** What every claimed row carries: its id and which try this is (1 for the first). */
export type ClaimedRow = { id: number | string; attempt: number };

const MAX_BACKOFF_SECONDS = 3600;

/** 30 s after the first failure, doubling per try, at most an hour: a broken mail server is not hammered. */
export const retryDelaySeconds = (attempt: number) => Math.min(MAX_BACKOFF_SECONDS, 30 * 2 ** (attempt - 1));

/**
 * One run of an outbox (rows that wait to be sent, in the table `outbox` names). Due rows are
 * claimed with FOR UPDATE SKIP LOCKED and leased for LEASE_SECONDS, their try counted, in one
 * statement: two runs (the job and the attempt made right after a row is written) never claim
 * one row, and a process that dies mid-send releases its rows when the lease ends. Each row
 * then goes to `send`: when it resolves, the row is sent; when it throws, its message is kept
 * in the last-error column and the row is due again after `retryDelaySeconds`, until
 * `maxAttempts` tries are used up. Rows the run budget leaves unreached are handed back, due
 * at once and their try not counted.
 *
 * The claim updates the outbox table as `o`; `claim.from` adds tables joined to it (with their
 * condition in `claim.where`), and `claim.returning` what `send` reads besides `id` and `attempt`.
 */
export async function deliverOutbox<R extends ClaimedRow>(options: {
  db: Db;
  outbox: OutboxColumns;
  maxAttempts: number;
  /** More conditions a due row meets, over the bare table: `and kind = 'reply'`, one id. */
  due?: SQL;
  claim: { from?: SQL; where?: SQL; returning: SQL };
  limit?: number;
  runBudgetMs?: number;
  send: (row: R) => Promise<unknown>;
  /** Told of each failed try (to log it), after the row's retry is written. */
  onFailure?: (row: R, message: string) => void;
  /**
   * After the last try the row is due at once instead of after a back-off: nothing claims it any
   * more, so its due time then marks when it was given up on (a list of failed rows reads it).
   */
  givenUpDueAtOnce?: boolean;
}): Promise<{ sent: number; failed: number }> {
  const { db, outbox, limit = 20, runBudgetMs = RUN_BUDGET_MS } = options;
  const table = sql.identifier(outbox.table);
  const sentAt = sql.identifier(outbox.sentAt);
  const next = sql.identifier(outbox.nextAttemptAt);
  const attempts = sql.identifier(outbox.attempts);
  const lastError = sql.identifier(outbox.lastError);
  const claimed = await db.execute<R>(sql`
    with due as (
      select id from ${table}
      where ${sentAt} is null and ${next} <= now() and ${attempts} < ${options.maxAttempts} ${options.due ?? sql``}
      order by id
      limit ${limit}
      for update skip locked
    )
    update ${table} o
    set ${next} = now() + make_interval(secs => ${LEASE_SECONDS}), ${attempts} = o.${attempts} + 1
    from due${options.claim.from ? sql`, ${options.claim.from}` : sql``}
    where o.id = due.id ${options.claim.where ? sql`and ${options.claim.where}` : sql``}
    returning o.id, o.${attempts} as attempt, ${options.claim.returning}`);
  let sent = 0;
  let failed = 0;
  // The rows are what `claim.returning` (and the id and try) selected: R by the caller's word.
  await sendBeforeDeadline(claimed.rows as R[], {
    deadline: Date.now() + runBudgetMs,
    handBack: (rest) =>
      db.execute(sql`
        update ${table} set ${next} = now(), ${attempts} = ${attempts} - 1
        where id in (${sql.join(
          rest.map((row) => sql`${row.id}`),
          sql`, `,
        )}) and ${sentAt} is null`),
    each: async (row) => {
      try {
        await options.send(row);
        await db.execute(sql`update ${table} set ${sentAt} = now(), ${lastError} = null where id = ${row.id}`);
        sent++;
      } catch (error) {
        failed++;
        const message = String((error as Error).message).slice(0, 500);
        const givenUp = options.givenUpDueAtOnce && row.attempt >= options.maxAttempts;
        await db.execute(sql`
          update ${table}
          set ${next} = now() + make_interval(secs => ${givenUp ? 0 : retryDelaySeconds(row.attempt)}), ${lastError} = ${message}
          where id = ${row.id}`);
        options.onFailure?.(row, message);
      }
    },
  });
  return { sent, failed };
}
