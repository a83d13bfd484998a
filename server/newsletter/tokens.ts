import crypto from "node:crypto";

/** A fresh confirmation token (32 random bytes, URL-safe) and the hash that is stored instead. */
export function createConfirmationToken() {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: hashConfirmationToken(token) };
}

/** sha256 hex: the only form of a token the database ever holds. */
export function hashConfirmationToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}
