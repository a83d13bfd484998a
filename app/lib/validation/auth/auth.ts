import { z } from "zod";
import { emailAddress, noControl, notAllowedCharacters, requiredText, returnAddress } from "../fields";
import { password } from "./password";

const INVALID_EMAIL = "Please enter a valid email address";

/** Telegram usernames: 5–32 letters, digits or underscores, starting with a letter; "@" optional. */
export const telegramUsername = () =>
  z
    .string({ message: "Telegram username is required" })
    .trim()
    .min(1, "Telegram username is required")
    .transform((v) => v.replace(/^@/, ""))
    .pipe(
      z
        .string()
        .regex(
          /^[A-Za-z][A-Za-z0-9_]{4,31}$/,
          "Enter your Telegram username: 5–32 letters, digits or underscores, starting with a letter",
        ),
    );

const checked = (message: string) =>
  z.preprocess((v) => v === true || v === "on" || v === "true", z.literal(true, { message }));

/** /join/details; the server parses the same schema. */
export const signUpSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  email: emailAddress(INVALID_EMAIL),
  password: password(),
  telegram: telegramUsername(),
  acceptTerms: checked("Please accept the Terms of Service and Privacy Policy"),
  acceptRisk: checked("Please confirm you will only trade with money you can afford to lose"),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z
    .string({ message: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .refine(noControl(), INVALID_EMAIL),
  password: z
    .string({ message: "Password is required" })
    .min(1, "Password is required")
    .refine(noControl(), notAllowedCharacters("Password")),
  /** Where to go afterwards; checked by `safeRedirect`, so anything else becomes the dashboard. */
  redirectTo: returnAddress(),
});

export const forgotPasswordSchema = z.object({ email: emailAddress(INVALID_EMAIL) });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "Invalid or expired link").refine(noControl(), "Invalid or expired link"),
    password: password(),
    confirm: z.string().refine(noControl(), notAllowedCharacters("Password")),
  })
  .refine((v) => v.password === v.confirm, { message: "Passwords don't match", path: ["confirm"] });

/** The title shown for a dead reset link. */
export const INVALID_LINK = "Invalid or expired link";
