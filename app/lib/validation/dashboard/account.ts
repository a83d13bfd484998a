import { z } from "zod";
import { accountPasswordField, appOrBackupCode, CODE_REQUIRED } from "../auth/two-factor";

export const DELETE_PASSWORD_REQUIRED = "Enter your password to delete your account";
export const DELETE_CODE_INVALID = CODE_REQUIRED;

/**
 * Deleting the account: the password, and the second factor's code when two-factor is on (the
 * server knows whether it is, and asks for it when missing). The code is read as turning
 * two-factor off reads it (6 digits from the app or a backup code, spaces dropped); an empty
 * one means "none", so the form can always send the field.
 */
export const deleteAccountSchema = z.object({
  password: accountPasswordField(DELETE_PASSWORD_REQUIRED),
  code: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), appOrBackupCode.optional()),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
