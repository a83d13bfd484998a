import { z } from "zod";
import { emailAddress, noControl, returnAddress } from "../fields";
import { SIGN_IN_CODE_DIGITS } from "./sign-in-code";

/** Schemas of email verification, email change and one-time code sign-in. */

const INVALID_EMAIL = "Please enter a valid email address";

/** The one-time code screen's message when neither an email nor a phone is given. */
export const NO_EMAIL_OR_PHONE = "You must provide either an email or phone number.";

// In a zod-free module of its own, so the code screen's input does not load the schema library.
export { SIGN_IN_CODE_DIGITS };
export const ENTER_CODE = "Enter the 6-digit code from the email";

const codeEmail = () =>
  z
    .string({ message: NO_EMAIL_OR_PHONE })
    .trim()
    .min(1, NO_EMAIL_OR_PHONE)
    .max(255, "Email must be less than 255 characters")
    .refine(noControl(), INVALID_EMAIL)
    .pipe(z.email({ message: INVALID_EMAIL }));

/**
 * /signin/code: `intent` "send" asks for a code (also "Resend code"), "verify" signs in with it.
 * One schema for both buttons of the form, parsed the same in the browser and on the server.
 */
export const signInCodeFields = z.object({
  intent: z.enum(["send", "verify"]).default("send"),
  email: codeEmail(),
  code: z.string().trim().refine(noControl(), ENTER_CODE).optional(),
  /** Where to go afterwards; checked by `safeRedirect`. */
  redirectTo: returnAddress(),
});

/** "verify" needs the whole code; "send" none. */
export function requireCodeToVerify(value: { intent: "send" | "verify"; code?: string }, ctx: z.RefinementCtx) {
  if (value.intent === "verify" && !new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`).test(value.code ?? "")) {
    ctx.addIssue({ code: "custom", path: ["code"], message: ENTER_CODE });
  }
}

export const signInCodeSchema = signInCodeFields.superRefine(requireCodeToVerify);
export type SignInCodeInput = z.infer<typeof signInCodeSchema>;

/** User Info → Email → edit: the new address, confirmed from its own inbox. */
export const changeEmailSchema = z.object({ email: emailAddress(INVALID_EMAIL) });
