import { z } from "zod";
import { telegramUsername } from "../auth/auth";
import { password } from "../auth/password";
import { noControl, notAllowedCharacters, requiredText } from "../fields";

/**
 * "Change user information": only first and last name, trimmed, required, at most
 * 100 characters. The schema strips every other key, so email, Telegram username or balance
 * in a request body never reach the update.
 */
export const profileSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** CHANGE PASSWORD: the current password, and a new one under the one policy, typed twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ message: "Current password is required" })
      .min(1, "Current password is required")
      .refine(noControl(), notAllowedCharacters("Password")),
    newPassword: password(),
    confirmPassword: z
      .string({ message: "Please confirm the new password" })
      .refine(noControl(), notAllowedCharacters("Password")),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const booleanField = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
  message: "Autorenew must be true or false.",
});

/** The autorenew switch: which of the member's subscriptions, and the new setting. */
export const autorenewSchema = z.object({
  subscriptionId: z.uuid({ message: "Subscription not found." }),
  autorenew: booleanField,
});

/**
 * User Info → Telegram Account: the member's own Telegram username, under the sign-up rule. A new
 * one must be verified again.
 */
export const changeTelegramSchema = z.object({ telegramUsername: telegramUsername() });
export type ChangeTelegramInput = z.infer<typeof changeTelegramSchema>;
