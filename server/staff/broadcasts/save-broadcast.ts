import { eq } from "drizzle-orm";
import type { BroadcastContentInput } from "~/lib/validation/admin/broadcasts";
import { sanitizeHtml } from "../../content/sanitize.ts";
import type { Tx } from "../../db/client.ts";
import { broadcasts } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { broadcastTelegramText } from "./broadcast-email.ts";
import { BROADCAST_MESSAGES } from "./messages.ts";
import { TELEGRAM_MESSAGE_LIMIT, telegramTextLength } from "./render-broadcast.ts";

/**
 * Writes a new broadcast or changes a draft (or a scheduled one, which keeps its time), the
 * body sanitized, in the caller's transaction with its audit row. A broadcast already sending,
 * sent or cancelled is refused; so is a bot copy longer than Telegram takes.
 */
export async function saveBroadcast(options: {
  tx: Tx;
  broadcastId: string | "new";
  input: BroadcastContentInput;
  actor: StaffActor;
  siteUrl: string;
}) {
  const { tx, broadcastId, input, actor } = options;
  const body = sanitizeHtml(input.body);
  if (input.channel !== "email") {
    const length = telegramTextLength(broadcastTelegramText(body, options.siteUrl));
    if (length > TELEGRAM_MESSAGE_LIMIT)
      throw new AppError("VALIDATION", BROADCAST_MESSAGES.tooLongForTelegram(length, TELEGRAM_MESSAGE_LIMIT), {
        fieldErrors: { body: BROADCAST_MESSAGES.tooLongForTelegram(length, TELEGRAM_MESSAGE_LIMIT) },
      });
  }
  const values = { subject: input.subject, body, channel: input.channel, audience: input.audience };
  if (broadcastId === "new") {
    const [created] = await tx
      .insert(broadcasts)
      .values({ ...values, createdBy: actor.userId })
      .returning({ id: broadcasts.id, state: broadcasts.state });
    await recordAuditEvent({
      tx,
      actor,
      action: "broadcast.created",
      target: { type: "broadcast", id: created!.id },
      summary: `Broadcast “${input.subject}” written`,
      after: { ...values, body: undefined },
    });
    return created!;
  }
  const [current] = await tx.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)).for("update");
  if (!current) throw new AppError("NOT_FOUND", BROADCAST_MESSAGES.notFound);
  if (current.state !== "draft" && current.state !== "scheduled")
    throw new AppError("CONFLICT", BROADCAST_MESSAGES.notEditable);
  await tx.update(broadcasts).set(values).where(eq(broadcasts.id, broadcastId));
  await recordAuditEvent({
    tx,
    actor,
    action: "broadcast.saved",
    target: { type: "broadcast", id: broadcastId },
    summary: `Broadcast “${input.subject}” changed`,
    before: { subject: current.subject, channel: current.channel, audience: current.audience },
    after: { subject: values.subject, channel: values.channel, audience: values.audience },
  });
  return { id: broadcastId, state: current.state };
}
