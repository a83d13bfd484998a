import { z } from "zod";
import { noControl, notAllowedCharacters, returnAddress } from "../fields";

/**
 * Two-factor sign-in: what the Security card and the second sign-in screen send.
 * The browser and the server parse with these same schemas.
 */

export const PASSWORD_REQUIRED = "Password is required";
export const APP_CODE_REQUIRED = "Enter the 6-digit code from your authenticator app";
export const CODE_REQUIRED = "Enter the code from your authenticator app or a backup code";

/** Spaces and dashes people type inside a 6-digit code ("123 456") are dropped. */
const appCode = z
  .string({ message: APP_CODE_REQUIRED })
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, APP_CODE_REQUIRED));

/**
 * A code from the app (6 digits) or a backup code ("abcde-12345"): which one it is decides the
 * check (see `isAppCode`). Spaces are dropped; a backup code keeps its dash.
 */
export const appOrBackupCode = z
  .string({ message: CODE_REQUIRED })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().min(1, CODE_REQUIRED).max(32, CODE_REQUIRED).refine(noControl(), CODE_REQUIRED));

/** True for a code from the authenticator app, false for what must be a backup code. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);

/**
 * The account's password, asked again before a change that needs it: never longer than any
 * password (a longer one cannot be right), never with control characters. `required` is what a
 * missing one is answered with, so a form can say what the password is for.
 */
export const accountPasswordField = (required = PASSWORD_REQUIRED) =>
  z
    .string({ message: required })
    .min(1, required)
    .max(128, "Password is incorrect.")
    .refine(noControl(), notAllowedCharacters("Password"));

const accountPassword = accountPasswordField();

/** Turn on (first step) and new backup codes: the account password. */
export const twoFactorPasswordSchema = z.object({ password: accountPassword });

/** Turn on (second step): the code the app shows for the new secret. */
export const twoFactorConfirmSchema = z.object({ code: appCode });

/** Turn off: the password AND a current code (or a backup code). */
export const twoFactorDisableSchema = z.object({ password: accountPassword, code: appOrBackupCode });

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/** The second sign-in screen. */
export const twoFactorSignInSchema = z.object({
  code: appOrBackupCode,
  /** "Trust this device for 30 days". */
  trustDevice: checkbox,
  /** Carried from the password step; checked by `safeRedirect`. */
  redirectTo: returnAddress(),
});
