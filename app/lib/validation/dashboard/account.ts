import { z } from "zod";
import { noControl, notAllowedCharacters } from "../fields";

export const DELETE_PASSWORD_REQUIRED = "Enter your password to delete your account";
export const DELETE_CODE_INVALID = "Enter the code from your authenticator app or a backup code";

/**
 * Deleting the account: the password, and the second factor's code when two-factor is on (the
 * server knows whether it is, and asks for it when missing). A code is 6 digits from the app or
 * a backup code; spaces people type inside it are dropped, an empty one means "none".
 */
export const deleteAccountSchema = z.object({
  password: z
    .string({ message: DELETE_PASSWORD_REQUIRED })
    .min(1, DELETE_PASSWORD_REQUIRED)
    .max(128, "Password is incorrect.")
    .refine(noControl(), notAllowedCharacters("Password")),
  code: z
    .string({ message: DELETE_CODE_INVALID })
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(z.string().max(32, DELETE_CODE_INVALID).refine(noControl(), DELETE_CODE_INVALID))
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
