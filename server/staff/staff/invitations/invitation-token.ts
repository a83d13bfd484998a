import crypto from "node:crypto";

/** How long an invitation link works after it was (last) sent: 72 hours. */
export const INVITATION_HOURS = 72;
export const INVITATION_TTL_MS = INVITATION_HOURS * 60 * 60 * 1000;

/** A new link token (256 random bits) and the hash stored for it: the token itself is never stored. */
export function newInvitationToken() {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}
