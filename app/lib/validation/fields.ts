import { z } from "zod";
import { hasControlCharacter, notAllowedCharacters, type TextKind } from "./characters";

/** Field rules shared by every form schema (browser and server parse with the same ones). */

export { hasControlCharacter, notAllowedCharacters, type TextKind };

/** The refinement every text field applies: `.refine(noControl(), message)`. */
export const noControl =
  (options: TextKind = {}) =>
  (value: string) =>
    !hasControlCharacter(value, options);

export const requiredText = (label: string, max: number, options: TextKind = {}) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be less than ${max} characters`)
    .refine(noControl(options), notAllowedCharacters(label));

export const emailAddress = (message: string, max = 255) =>
  z
    .string({ message })
    .trim()
    .max(max, `Email must be less than ${max} characters`)
    .refine(noControl(), message)
    .pipe(z.email({ message }));

export const optionalText = (label: string, max: number, options: TextKind = {}) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .refine(noControl(options), notAllowedCharacters(label))
    .optional()
    .transform((v) => (v ? v : undefined));

/** Where to go after signing in, from a hidden field; `safeRedirect` decides where it may lead. */
export const returnAddress = () =>
  z
    .string()
    .max(2048, "The return address is too long")
    .refine(noControl(), notAllowedCharacters("The return address"))
    .optional();

/**
 * Where a parsed body (a form, JSON, multipart fields) holds a control character other than
 * tab, line feed and carriage return, in a key or a string at any depth: the top-level field it
 * is under ("form" for a bad key of its own), or null. The action pipeline's last word, for what
 * a schema never looked at (a field it strips, a nested value it passes through).
 */
export function controlCharacterField(body: Record<string, unknown>): string | null {
  for (const [field, value] of Object.entries(body)) {
    if (hasControlCharacter(field)) return "form";
    // Walked with a list, not recursion: a JSON body of deeply nested arrays must not overflow the stack.
    const pending: unknown[] = [value];
    while (pending.length > 0) {
      const item = pending.pop();
      if (typeof item === "string") {
        if (hasControlCharacter(item, { lines: true })) return field;
      } else if (typeof File !== "undefined" && item instanceof File) {
        if (hasControlCharacter(item.name)) return field;
      } else if (Array.isArray(item)) {
        for (const nested of item) pending.push(nested);
      } else if (item !== null && typeof item === "object") {
        for (const [key, nested] of Object.entries(item)) {
          if (hasControlCharacter(key)) return field;
          pending.push(nested);
        }
      }
    }
  }
  return null;
}

/**
 * Money on the wire: integer micro-USDT as a string of digits (JSON has no bigint, and money is never a float),
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
