import { z } from "zod";

/** Field rules shared by every form schema (browser and server parse with the same ones). */

export const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be less than ${max} characters`);

export const emailAddress = (message: string, max = 255) =>
  z
    .string({ message })
    .trim()
    .max(max, `Email must be less than ${max} characters`)
    .pipe(z.email({ message }));

export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * Money on the wire: integer micro-USDT as a string of digits (JSON has no bigint; DESIGN.md §4),
 * turned into bigint here, once, at the edge. At most 18 digits, so it always fits the
 * database's bigint; no sign, no decimals, no exponent.
 */
export const microUsdt = (message: string) =>
  z
    .string({ message })
    .regex(/^\d{1,18}$/, message)
    .transform((digits) => BigInt(digits));

/** First error message per field, the shape forms render under each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
