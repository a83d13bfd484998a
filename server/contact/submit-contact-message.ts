import type { ContactInput } from "~/lib/validation/site/contact";
import type { Db } from "../db/client.ts";
import { contactSubmissions } from "../db/schema.ts";
import { clientAddressKey } from "../security/client-address.ts";
import { enforceRateLimit } from "../security/rate-limit.ts";

const WINDOW_SECONDS = 60 * 60;

/**
 * Stores one contact message in contact_submissions. Each client address may
 * send `limit` messages an hour; the counter lives in the database so every instance shares it.
 */
export async function submitContactMessage(options: { db: Db; input: ContactInput; clientIp: string; limit: number }) {
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
      .values({ name: input.name, email: input.email, telegram: input.telegram ?? null, message: input.message })
      .returning({ id: contactSubmissions.id });
    return row!;
  });
}
