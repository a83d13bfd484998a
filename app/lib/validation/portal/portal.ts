import { z } from "zod";
import { noControl } from "../fields";

const OPEN_FROM_BOT = "Open the portal from the bot's menu button.";

/** The portal's exchange: Telegram's init data exactly as the page received it (a query string). */
export const portalSessionSchema = z.object({
  initData: z
    .string({ message: OPEN_FROM_BOT })
    .min(1, OPEN_FROM_BOT)
    .max(4096, OPEN_FROM_BOT)
    .refine(noControl(), OPEN_FROM_BOT),
});

const INVALID_EMAIL = "Please enter a valid email address";
const ENTER_CODE = "Enter the 6-digit code from the email";

const email = z
  .string({ message: INVALID_EMAIL })
  .trim()
  .min(1, INVALID_EMAIL)
  .max(255, "Email must be less than 255 characters")
  .refine(noControl(), INVALID_EMAIL)
  .pipe(z.email({ message: INVALID_EMAIL }));

/** Linking an account from the portal, step one: the account's email, to send the sign-in code to. */
export const portalLinkCodeSchema = z.object({ email });

/** Step two: the emailed code, which proves the account is the member's. */
export const portalLinkSchema = z.object({
  email,
  code: z
    .string({ message: ENTER_CODE })
    .trim()
    .regex(/^\d{6}$/, ENTER_CODE),
});
