import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { followUpCardEvent } from "#server/card-payments/follow-up-card-event";
import { paymentFlags } from "#server/db/schema";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { withSmtpServer } from "../../helpers/smtp-server";

withTestDataDir("card-follow-up", { SUPPORT_EMAIL: "ops@example.com", LOG_LEVEL: "silent" });
const smtp = withSmtpServer();

/*
 * What follows a webhook's commit for the operators: a refund or dispute that flagged the payment
 * sends its alert at once (over SMTP), not at the alerts job's next run; an event that flagged
 * nothing sends none, even while an earlier flag still waits for its alert.
 */
describeEachDatabase("a card event's follow-up alerts", (database) => {
  const db = () => database().db;

  async function flag(reference: string) {
    const member = await createMember(db());
    const [row] = await db()
      .insert(paymentFlags)
      .values({
        userId: member.id,
        kind: "dispute",
        reference,
        amount: 49_990_000n,
        detail: `Dispute ${reference} opened for $49.99`,
      })
      .returning();
    return { member, flag: row! };
  }

  const alertSent = async (id: number) =>
    (await db().select({ at: paymentFlags.alertSentAt }).from(paymentFlags).where(eq(paymentFlags.id, id)))[0]?.at ??
    null;

  it("an event that flagged nothing leaves a waiting flag's alert to the job", async () => {
    const { member, flag: waiting } = await flag(`dp_quiet_${uniqueSuffix()}`);
    for (const outcome of [
      { outcome: "refunded", memberId: member.id, flagged: false },
      { outcome: "disputed", memberId: member.id, flagged: false },
      { outcome: "replayed" },
      { outcome: "ignored" },
    ] as const) {
      expect(await followUpCardEvent({ db: db(), outcome })).toEqual({ completion: undefined });
    }
    expect(await alertSent(waiting.id)).toBeNull();
    expect(smtp.mailsTo("ops@example.com").filter((mail) => mail.includes(waiting.reference))).toEqual([]);
  });

  it("a refund or a dispute that flagged the payment alerts the operators at once", async () => {
    for (const kind of ["refunded", "disputed"] as const) {
      const { member, flag: raised } = await flag(`dp_${kind}_${uniqueSuffix()}`);
      await followUpCardEvent({ db: db(), outcome: { outcome: kind, memberId: member.id, flagged: true } });
      expect(await alertSent(raised.id)).toBeInstanceOf(Date);
      const mails = smtp.mailsTo("ops@example.com").filter((mail) => mail.includes(raised.reference));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/^Subject: Card payment disputed: /m);
      expect(mails[0]).toContain(`Member: ${member.email}`);
    }
  });
});

let counter = 0;
/** A reference unique within the file and the database (both databases run the file). */
function uniqueSuffix() {
  return `${process.pid}_${++counter}_${Date.now()}`;
}
