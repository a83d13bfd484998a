import type { ContactInput } from "~/lib/validation/site/contact";
import type { Db } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import { sendContactAlerts } from "./send-contact-alerts.ts";
import { submitContactMessage } from "./submit-contact-message.ts";

/**
 * A message from the contact form (the support dialog's /api/contact and the /contact page's own
 * form): stored, then the staff alert tried at once but never awaited, so the visitor's answer
 * does not wait for mail or Telegram; a failure there is the alert job's to retry.
 */
export async function receiveContactMessage(options: {
  db: Db;
  input: ContactInput;
  clientIp: string;
  limit: number;
  userId: string | null;
}) {
  const { db } = options;
  const { id } = await submitContactMessage(options);
  void sendContactAlerts({ db, submissionId: id }).catch((error: unknown) =>
    getLogger().warn({ submission: id, err: (error as Error).message }, "contact alert: first try failed"),
  );
  return { id };
}
