import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { getAuth } from "../core/auth.ts";
import { ALREADY_ON, fromTwoFactorError, isTwoFactorOn, limitTwoFactorSettings } from "./two-factor-rules.ts";

/**
 * Turning two-factor on, first step: the password is checked and Better Auth makes
 * a new TOTP secret, not yet in force. Returns the otpauth URI (for the QR code) and the secret
 * (for typing in), shown once. Sign-in is unchanged until `confirmTwoFactorSetup` gets a code
 * made from this secret; starting again replaces an unconfirmed secret.
 */
export async function startTwoFactorSetup(options: { db: DbOrTx; userId: string; password: string; headers: Headers }) {
  const { db, userId } = options;
  await limitTwoFactorSettings({ db, userId });
  if (await isTwoFactorOn({ db, userId })) throw new AppError("CONFLICT", ALREADY_ON);
  let result;
  try {
    result = await getAuth().api.enableTwoFactor({
      body: { password: options.password, method: "totp" },
      headers: options.headers,
    });
  } catch (error) {
    fromTwoFactorError(error, "app");
  }
  // The backup codes made now are shown only once the app is confirmed (confirmTwoFactorSetup).
  const totpUri = result.method === "totp" ? result.totpURI : null;
  const secret = totpUri ? new URL(totpUri).searchParams.get("secret") : null;
  if (!totpUri || !secret) throw new Error("Better Auth answered two-factor set-up without a TOTP URI");
  return { totpUri, secret };
}
