import type { ContactInput } from "~/lib/validation/site/contact";
import type { Db } from "../db/client.ts";
import { contactSubmissions } from "../db/schema.ts";
import { clientAddressKey } from "../security/client-address.ts";
import { enforceRateLimit } from "../security/rate-limit.ts";

const WINDOW_SECONDS = 60 * 60;

/**
 * Stores one contact message in contact_submissions, linked to the member who sent it when
 * signed in (`userId`). Each client address may send `limit` messages an hour; the counter lives
 * in the database so every instance shares it. The staff alert goes out after commit
 * (send-contact-alerts.ts): the row is its outbox.
 */
export async function submitContactMessage(options: {
  db: Db;
  input: ContactInput;
  clientIp: string;
  limit: number;
  userId?: string | null;
}) {
  const { db, input, clientIp, limit } = options;
  return db.transaction(async (tx) => {
    await enforceRateLimit({
      db: tx,
      key: clientAddressKey("contact", clientIp),
      limit,
      windowSeconds: WINDOW_SECONDS,
    });
    const [row] = await tx
      .insert(contactSubmissions)
      .values({
        name: input.name,
        email: input.email,
        telegram: input.telegram ?? null,
        message: input.message,
        userId: options.userId ?? null,
      })
      .returning({ id: contactSubmissions.id });
    return row!;
  });
}
