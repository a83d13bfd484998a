import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { contactSubmissions } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";

export const INBOX_TARGET = "contact_message";

/** The audit target of one contact message. */
export const inboxTarget = (id: number) => ({ type: INBOX_TARGET, id: String(id) });

/** One message, locked for the change the caller's transaction makes; 404 when it is gone. */
export async function lockInboxMessage({ tx, id }: { tx: DbOrTx; id: number }) {
  const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "That message no longer exists.");
  return row;
}
