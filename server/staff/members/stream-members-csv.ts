import { and, asc, eq, gt } from "drizzle-orm";
import Papa from "papaparse";
import { microToDecimal } from "~/lib/money";
import type { MemberListQuery } from "~/lib/validation/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { profiles, user } from "../../db/schema.ts";
import { activePlansOf, memberRowColumns, toMemberRow } from "./list-members.ts";
import { memberListWhere } from "./member-list-filter.ts";

/** Rows read per query while the CSV is written. */
export const MEMBERS_CSV_BATCH = 1000;

export const MEMBERS_CSV_HEADER = [
  "id",
  "email",
  "first name",
  "last name",
  "telegram username",
  "telegram verified",
  "telegram id",
  "balance",
  "active plans",
  "signed up",
  "banned",
  "deleted",
] as const;

/*
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return first) gets a
 * leading apostrophe. Papa Parse's own default pattern ends in `.*$` without the s flag, so a
 * cell with a line break in it would slip through; this one only looks at the first character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvLines(rows: unknown[][]): string {
  return `${Papa.unparse(rows, { escapeFormulae: FORMULA_START, newline: "\r\n" })}\r\n`;
}

/**
 * The members a search and the filters leave, as CSV, written while it is read: the rows are
 * read in batches of MEMBERS_CSV_BATCH ordered by id (each batch starts after the last id of the
 * one before, which an index serves at any depth), so neither the server's memory nor the
 * database's work grows with the number of members, and no row is skipped or repeated.
 * The export is in id order, not the page's sort, for that reason.
 */
export function streamMembersCsv(options: { db: DbOrTx; query: MemberListQuery }): ReadableStream<Uint8Array> {
  const { db, query } = options;
  const where = memberListWhere(query);
  const encoder = new TextEncoder();
  let after: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLines([[...MEMBERS_CSV_HEADER]])));
        return;
      }
      const records = await db
        .select(memberRowColumns)
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.id))
        .where(after === null ? where : and(where, gt(profiles.id, after)))
        .orderBy(asc(profiles.id))
        .limit(MEMBERS_CSV_BATCH);
      if (records.length === 0) {
        controller.close();
        return;
      }
      after = records.at(-1)!.id;
      const plans = await activePlansOf({ db, ids: records.map((r) => r.id) });
      const lines = records.map((record) => {
        const row = toMemberRow(record, plans.get(record.id) ?? []);
        return [
          row.id,
          row.email,
          row.firstName,
          row.lastName,
          row.telegramUsername ?? "",
          row.telegramVerified ? "yes" : "no",
          row.telegramUserId ?? "",
          microToDecimal(BigInt(row.balance)),
          row.activePlans.join("; "),
          row.joinedAt,
          row.banned ? "yes" : "no",
          row.deleted ? "yes" : "no",
        ];
      });
      controller.enqueue(encoder.encode(csvLines(lines)));
      if (records.length < MEMBERS_CSV_BATCH) controller.close();
    },
  });
}
