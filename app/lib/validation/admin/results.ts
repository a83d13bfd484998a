import { z } from "zod";
import { RESULT_TYPES } from "../../view-types/content";
import { noControl, requiredText } from "../fields";
import { serialIdNumber } from "../serial-id";

/*
 * The back office's results: one row of the results tracker as staff type it in the
 * form or a CSV line, the same rules in the browser and on the server.
 */

export const MAX_COUNT = 1_000_000;
export const MAX_TOTAL_PERCENTAGE = 1_000_000;
/** How far a stated win rate may be from wins ÷ (wins + losses): a rate rounded to a whole percent is fine. */
export const WIN_RATE_TOLERANCE = 0.5;

export const resultMessages = {
  type: `Choose a market type: ${RESULT_TYPES.join(", ")}.`,
  count: (label: string) => `${label} must be a whole number, 0 or more.`,
  countMax: (label: string) => `${label} must be at most ${MAX_COUNT.toLocaleString("en-US")}.`,
  totalPercentage: "Total percentage must be a number with at most 2 decimals, such as 42.5 or -12.25.",
  totalPercentageRange: `Total percentage must be between -${MAX_TOTAL_PERCENTAGE.toLocaleString("en-US")} and ${MAX_TOTAL_PERCENTAGE.toLocaleString("en-US")}.`,
  winRate: "Win rate must be a number from 0 to 100 with at most 2 decimals.",
  closedOverSignals: (closed: number, signals: number) =>
    `Wins plus losses (${closed}) cannot be more than signals (${signals}).`,
  winRateMismatch: (expected: number) =>
    `Win rate must match wins ÷ (wins + losses): ${expected}% (rounded to a whole percent is fine).`,
  winRateNoClosed: "Win rate must be 0 while there are no wins or losses.",
  published: "Published must be true or false (empty means a draft).",
} as const;

/** wins ÷ (wins + losses) as a percentage with 2 decimals; 0 when nothing closed. */
export function expectedWinRate(wins: number, losses: number): number {
  const closed = wins + losses;
  return closed === 0 ? 0 : Math.round((wins / closed) * 10_000) / 100;
}

// Form fields arrive as text; a JSON caller may send numbers. Both are read as text, once.
const text = (message: string) =>
  z.union([z.string(), z.number()], { message }).transform((value) => String(value).trim());

const count = (label: string) =>
  text(`${label} is required.`)
    .pipe(z.string().min(1, `${label} is required.`).regex(/^\d+$/, resultMessages.count(label)))
    .transform(Number)
    .pipe(z.number().max(MAX_COUNT, resultMessages.countMax(label)));

const totalPercentage = text("Total percentage is required.")
  .pipe(
    z
      .string()
      .min(1, "Total percentage is required.")
      .regex(/^[+-]?\d+(\.\d{1,2})?$/, resultMessages.totalPercentage),
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .min(-MAX_TOTAL_PERCENTAGE, resultMessages.totalPercentageRange)
      .max(MAX_TOTAL_PERCENTAGE, resultMessages.totalPercentageRange),
  );

const winRate = text("Win rate is required.")
  .pipe(
    z
      .string()
      .min(1, "Win rate is required.")
      .regex(/^\d+(\.\d{1,2})?$/, resultMessages.winRate),
  )
  .transform(Number)
  .pipe(z.number().max(100, resultMessages.winRate));

/** A checkbox ("on"), a JSON boolean, or CSV's true/false/yes/no/1/0; missing or empty is a draft. */
export const publishedFlag = z
  .union([z.boolean(), z.string()], { message: resultMessages.published })
  .optional()
  .transform((value, ctx) => {
    if (typeof value === "boolean") return value;
    const word = (value ?? "").trim().toLowerCase();
    if (["", "false", "no", "0", "off"].includes(word)) return false;
    if (["true", "yes", "1", "on"].includes(word)) return true;
    ctx.addIssue({ code: "custom", message: resultMessages.published });
    return z.NEVER;
  });

export const resultFields = {
  type: z.enum(RESULT_TYPES, { message: resultMessages.type }),
  title: requiredText("Title", 120),
  signals: count("Signals"),
  wins: count("Wins"),
  losses: count("Losses"),
  totalPercentage,
  winRate,
  published: publishedFlag,
};

type Counts = { signals: number; wins: number; losses: number; winRate: number };

/** The rules across fields: wins + losses ≤ signals; the win rate agrees with wins and losses. */
export function checkResultCounts(value: Counts, ctx: z.RefinementCtx) {
  const closed = value.wins + value.losses;
  if (closed > value.signals)
    ctx.addIssue({
      code: "custom",
      path: ["losses"],
      message: resultMessages.closedOverSignals(closed, value.signals),
    });
  const expected = expectedWinRate(value.wins, value.losses);
  if (closed === 0 && value.winRate !== 0)
    ctx.addIssue({ code: "custom", path: ["winRate"], message: resultMessages.winRateNoClosed });
  else if (Math.abs(value.winRate - expected) > WIN_RATE_TOLERANCE + 1e-9) {
    ctx.addIssue({ code: "custom", path: ["winRate"], message: resultMessages.winRateMismatch(expected) });
  }
}

/** One result, as the editor's form or a CSV line gives it. */
export const resultSchema = z.object(resultFields).superRefine(checkResultCounts);
export type ResultInput = z.output<typeof resultSchema>;

const id = z
  .union([z.string(), z.number()], { message: "Which result?" })
  .transform(Number)
  .pipe(serialIdNumber("Which result?"));

/** Bounded below the action pipeline's 64 KB body cap (the form's other fields and encoding fit in the rest). */
export const MAX_CSV_CHARS = 48_000;
export const MAX_CSV_ROWS = 500;

/** Everything the Results page posts, by `intent`. */
export const resultActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), ...resultFields }).superRefine(checkResultCounts),
    z.object({ intent: z.literal("update"), id, ...resultFields }).superRefine(checkResultCounts),
    z.object({ intent: z.literal("delete"), id }),
    z.object({ intent: z.literal("publish"), id, published: publishedFlag }),
    z.object({ intent: z.literal("move"), id, direction: z.enum(["up", "down"], { message: "Move up or down." }) }),
    z.object({
      intent: z.literal("import"),
      csv: z
        .string({ message: "Paste CSV or choose a file." })
        .min(1, "Paste CSV or choose a file.")
        .max(
          MAX_CSV_CHARS,
          `The CSV is too long: at most ${MAX_CSV_CHARS / 1000} KB (about ${MAX_CSV_ROWS} rows) per import.`,
        )
        .refine(
          noControl({ lines: true }),
          "The CSV contains characters that are not allowed (only text, tabs and line breaks).",
        ),
    }),
  ],
  { message: "Unknown action." },
);
export type ResultAction = z.output<typeof resultActionSchema>;
