import { z } from "zod";
import { telegramUsername } from "../auth/auth";
import { emailAddress, requiredText } from "../fields";

const TELEGRAM_MAX = 100;

/**
 * Telegram, optional: empty is none; anything else follows the sign-up's rule, with its message
 * (support writes to that username, so "Vera Visitor" is refused rather than stored). Kept as
 * "@username", the way staff read and type it.
 */
const optionalTelegram = z
  .string()
  .trim()
  .max(TELEGRAM_MAX, `Telegram must be less than ${TELEGRAM_MAX} characters`)
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(
    telegramUsername()
      .transform((name) => `@${name}`)
      .optional(),
  );

/** The contact form; the same schema runs in the browser and in the action. */
export const contactSchema = z.object({
  name: requiredText("Name", 100),
  email: emailAddress("Invalid email address", 255),
  telegram: optionalTelegram,
  message: requiredText("Message", 2000, { lines: true }),
});

export type ContactInput = z.infer<typeof contactSchema>;
