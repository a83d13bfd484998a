import crypto from "node:crypto";

/**
 * How an identity is written in trial_claims: the account as is; an email (case-insensitive) and
 * a Telegram id as SHA-256 digests, so no address or Telegram id stays after the account is gone.
 */
export function trialIdentity(kind: "user" | "email" | "telegram", value: string): string {
  if (kind === "user") return `user:${value}`;
  const normal = kind === "email" ? value.trim().toLowerCase() : value;
  return `${kind}:${crypto.createHash("sha256").update(normal).digest("hex")}`;
}
