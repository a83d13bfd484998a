import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { verification } from "../../db/schema.ts";

/**
 * Better Auth's email links (verification, email change) carry a signed, self-contained token
 * that would work any number of times until it expires (and two made in the same second are
 * equal). So the emailed link carries instead a random id of ours; the token stays on the
 * server, in Better Auth's `verification` table (identifier `email-link:<sha-256 of the id>`,
 * value `<kind>:<user id>:<token>`), and is struck off when used: each link works ONCE, and
 * only the newest of its kind for a member.
 */
/** Email verification and email-change links work once, for 24 hours. */
export const EMAIL_LINK_SECONDS = 24 * 60 * 60;

export type EmailLinkKind = "verify" | "change";
export type EmailLink = { kind: EmailLinkKind; userId: string; token: string; expiresAt: Date };

const PREFIX = "email-link:";
const identifierOf = (linkId: string) => PREFIX + crypto.createHash("sha256").update(linkId).digest("hex");

function parse(row: { value: string; expiresAt: Date } | undefined, now: Date): EmailLink | null {
  if (!row || row.expiresAt <= now) return null;
  const [kind, userId, token] = row.value.split(":") as [string, string | undefined, string | undefined];
  if ((kind !== "verify" && kind !== "change") || !userId || !token) return null;
  return { kind, userId, token, expiresAt: row.expiresAt };
}

/**
 * Remembers Better Auth's token for a link about to be sent and returns the link's id (the
 * `token` of our /verify-email address). An earlier link of the same kind for the member stops working.
 */
export async function rememberEmailLink(options: { db: DbOrTx; token: string; userId: string; kind: EmailLinkKind }) {
  const { db, token, userId, kind } = options;
  const linkId = crypto.randomBytes(32).toString("base64url");
  await db
    .delete(verification)
    .where(and(like(verification.value, `${kind}:${userId}:%`), like(verification.identifier, `${PREFIX}%`)));
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: identifierOf(linkId),
    value: `${kind}:${userId}:${token}`,
    expiresAt: new Date(Date.now() + EMAIL_LINK_SECONDS * 1000),
  });
  return linkId;
}

/** The link with this id if it is still unused and unexpired (the page shows it before the button). */
export async function findEmailLink(options: { db: DbOrTx; linkId: string; now?: Date }) {
  const [row] = await options.db
    .select()
    .from(verification)
    .where(eq(verification.identifier, identifierOf(options.linkId)));
  return parse(row, options.now ?? new Date());
}

/** Strikes the link off (one statement, so two clicks cannot both use it); null when unknown, used or expired. */
export async function consumeEmailLink(options: { db: DbOrTx; linkId: string; now?: Date }) {
  const [row] = await options.db
    .delete(verification)
    .where(eq(verification.identifier, identifierOf(options.linkId)))
    .returning();
  return parse(row, options.now ?? new Date());
}

/**
 * The addresses Better Auth's token names: `email` (the account's address when sent) and, for
 * an email change, `updateTo`. Read without checking the signature: only tokens Better Auth
 * handed us are read, and it checks the signature when the link is used.
 */
export function readEmailLinkToken(token: string): { email: string; updateTo?: string } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      email?: unknown;
      updateTo?: unknown;
    };
    if (typeof payload.email !== "string") return null;
    return { email: payload.email, ...(typeof payload.updateTo === "string" ? { updateTo: payload.updateTo } : {}) };
  } catch {
    return null;
  }
}
