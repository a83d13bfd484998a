import { z } from "zod";
import { noControl, optionalText, requiredText, returnAddress } from "../fields";

/**
 * Passkeys: what the dashboard's Passkeys card and the sign-in page send. The
 * WebAuthn answers (@simplewebauthn/browser's RegistrationResponseJSON and
 * AuthenticationResponseJSON) are checked for their outer shape here and verified by Better
 * Auth's passkey plugin on the server; base64url strings are bounded so a body cannot carry
 * megabytes of "credential".
 */

export const PASSKEY_NAME_MAX = 64;
const NOT_A_PASSKEY = "The passkey's answer was not understood. Please try again.";

const base64url = (max: number) =>
  z
    .string({ message: NOT_A_PASSKEY })
    .max(max, NOT_A_PASSKEY)
    .regex(/^[A-Za-z0-9_-]*$/, NOT_A_PASSKEY);

const credentialBase = {
  id: base64url(1024).min(1, NOT_A_PASSKEY),
  rawId: base64url(1024).min(1, NOT_A_PASSKEY),
  type: z.literal("public-key", { message: NOT_A_PASSKEY }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

/** A new passkey: the authenticator's answer and the name the member chose (blank: named after the authenticator). */
export const addPasskeySchema = z.object({
  name: optionalText("Passkey name", PASSKEY_NAME_MAX),
  response: z.object(
    {
      ...credentialBase,
      response: z.object(
        {
          clientDataJSON: base64url(8192),
          attestationObject: base64url(16384),
          transports: z.array(z.string().max(32).refine(noControl(), NOT_A_PASSKEY)).max(10).optional(),
          publicKeyAlgorithm: z.number().optional(),
          publicKey: base64url(4096).optional(),
          authenticatorData: base64url(16384).optional(),
        },
        { message: NOT_A_PASSKEY },
      ),
    },
    { message: NOT_A_PASSKEY },
  ),
});
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

const passkeyId = z
  .string({ message: "Passkey not found." })
  .min(1, "Passkey not found.")
  .max(100, "Passkey not found.")
  .refine(noControl(), "Passkey not found.");

export const renamePasskeySchema = z.object({ id: passkeyId, name: requiredText("Passkey name", PASSKEY_NAME_MAX) });
export type RenamePasskeyInput = z.infer<typeof renamePasskeySchema>;

export const removePasskeySchema = z.object({ id: passkeyId });

/** Sign in with a passkey: the authenticator's signed answer and where to go afterwards. */
export const passkeySignInSchema = z.object({
  redirectTo: returnAddress(),
  response: z.object(
    {
      ...credentialBase,
      response: z.object(
        {
          clientDataJSON: base64url(8192),
          authenticatorData: base64url(16384),
          signature: base64url(4096),
          userHandle: base64url(1024).optional(),
        },
        { message: NOT_A_PASSKEY },
      ),
    },
    { message: NOT_A_PASSKEY },
  ),
});
export type PasskeySignInInput = z.infer<typeof passkeySignInSchema>;
