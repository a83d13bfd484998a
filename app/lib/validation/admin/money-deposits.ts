import { z } from "zod";

/*
 * The deposits page (/admin/money/deposits): the credited list's page position in the query
 * string, and the one action, "rescan from" a block or a time.
 */

export const DEPOSITS_PAGE_SIZE = 50;

/** Keyset cursor of the credited list: the last row shown (`<block time ISO>~<id>`). */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)~([1-9]\d{0,18})$/;

export type DepositsQuery = { before: { blockTimestamp: string; id: string } | null };

export const depositsQueryMessages = {
  cursor: "The page position was not understood; the list starts at the newest deposit.",
} as const;

/** Reads the query string; a position the page cannot use is dropped and named, never an error page. */
export function parseDepositsQuery(params: URLSearchParams): { query: DepositsQuery; problems: string[] } {
  const before = (params.get("before") ?? "").trim();
  if (before === "") return { query: { before: null }, problems: [] };
  const match = CURSOR.exec(before);
  if (match && !Number.isNaN(new Date(match[1]!).getTime()))
    return { query: { before: { blockTimestamp: match[1]!, id: match[2]! } }, problems: [] };
  return { query: { before: null }, problems: [depositsQueryMessages.cursor] };
}

export const depositsCursor = (row: { blockTimestamp: string; id: string }) => `${row.blockTimestamp}~${row.id}`;

/** Where a rescan starts: a block number, or a moment (UTC unless the text names an offset). */
export type RescanFrom = { block: number } | { at: string };

export const rescanMessages = {
  required: "Give a block number or a date and time (UTC) to rescan from.",
  format: "Give a block number (digits only) or a date and time such as 2026-11-01 14:30 (UTC).",
  date: "That date and time does not exist.",
  block: "A block number is at most 12 digits.",
} as const;

const DIGITS = /^\d+$/;
// 2026-11-01 14:30, 2026-11-01T14:30:05, with seconds' fractions and Z or ±hh:mm optional.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** A block number or a date-time, as the rescan form takes it; the error text says which shape is wanted. */
export const rescanFrom = z
  .string({ message: rescanMessages.required })
  .trim()
  .min(1, rescanMessages.required)
  .max(40, rescanMessages.format)
  .transform((value, ctx): RescanFrom => {
    if (DIGITS.test(value)) {
      if (value.length > 12) {
        ctx.addIssue({ code: "custom", message: rescanMessages.block });
        return z.NEVER;
      }
      return { block: Number(value) };
    }
    const match = DATE_TIME.exec(value);
    if (!match) {
      ctx.addIssue({ code: "custom", message: rescanMessages.format });
      return z.NEVER;
    }
    const [, y, mo, d, h, mi, s = "00", zone = "Z"] = match;
    const offset = zone.toUpperCase() === "Z" ? "Z" : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
    const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
    // Date rolls 31 November over into December: compare the fields it kept with the ones given.
    const wall = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
    const real =
      !Number.isNaN(at.getTime()) &&
      !Number.isNaN(wall.getTime()) &&
      wall.toISOString().slice(0, 19) === `${y}-${mo}-${d}T${h}:${mi}:${s}`;
    if (!real) {
      ctx.addIssue({ code: "custom", message: rescanMessages.date });
      return z.NEVER;
    }
    return { at: at.toISOString() };
  });

/** The deposits page's one action: move the watcher's cursor back to `from` and read again. */
export const rescanActionSchema = z.object({
  intent: z.literal("rescan", { error: "Unknown action." }),
  from: rescanFrom,
});
