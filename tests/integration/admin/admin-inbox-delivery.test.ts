import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { InboxMessage } from "~/lib/view-types/admin/inbox";
import { action, loader } from "~/routes/admin/inbox/admin.inbox.$messageId";
import { action as contactAction } from "~/routes/api/api.contact";
import { getConfig } from "#server/config";
import { CONTACT_ALERT_MAX_ATTEMPTS, sendContactAlerts } from "#server/contact/send-contact-alerts";
import { submitContactMessage } from "#server/contact/submit-contact-message";
import { auditLog, contactSubmissions, contactThreadEntries } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { deliverInboxReplies, INBOX_REPLY_MAX_ATTEMPTS } from "#server/staff/inbox/deliver-inbox-replies";
import { getInboxMessage } from "#server/staff/inbox/get-inbox-message";
import { replyToInboxMessage } from "#server/staff/inbox/reply-to-inbox-message";
import { createTelegramBot, type TelegramBot } from "#server/telegram/telegram-bot";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { mailsTo } from "../../helpers/email-outbox";
import { withTestDataDir } from "../../helpers/env";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

const STAFF_CHAT = -1001234567890;
const dataDir = withTestDataDir("admin-inbox-delivery", {
  SUPPORT_EMAIL: "support@signals.example",
  TELEGRAM_STAFF_CHAT: String(STAFF_CHAT),
});

const HOSTILE = 'Hi <script>alert(1)</script> & <b>bold</b> "quoted"';

describeEachDatabase("the support inbox's emails and alerts", (database) => {
  const db = () => database().db;
  let support: { cookie: string; userId: string; email: string };
  let api: FakeBotApi;
  let bot: TelegramBot;
  const actor = () => ({ userId: support.userId, label: support.email, role: "support" });

  const submit = (email: string, message = HOSTILE) =>
    submitContactMessage({
      db: db(),
      input: { name: "Ada <admin>", email, telegram: "@ada", message },
      clientIp: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      limit: 100,
    });
  const threadOf = async (id: number) =>
    (
      (
        await callLoader(loader, {
          path: `/admin/inbox/${id}`,
          params: { messageId: String(id) },
          cookie: support.cookie,
        })
      ).data as { message: InboxMessage }
    ).message.thread;
  const makeDue = (table: "contact_thread_entries" | "contact_submissions") =>
    db().execute(
      table === "contact_thread_entries"
        ? sql`update contact_thread_entries set next_attempt_at = now() - interval '1 second'`
        : sql`update contact_submissions set alert_next_attempt_at = now() - interval '1 second'`,
    );

  useProcessDatabase(database);
  beforeAll(async () => {
    support = await signUpStaff(db(), "support");
    api = await startFakeBotApi();
    bot = createTelegramBot({
      db: db(),
      config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
    })!;
  });
  afterAll(() => api?.close());
  beforeEach(async () => {
    api.reset();
    await db().delete(contactSubmissions);
  });

  it("emails a reply from the site right after it is saved: the message is answered, the reply quotes it as text, the thread shows it sent", async () => {
    const { id } = await submit("reader@example.com");
    const answer = await callAction(action, {
      path: `/admin/inbox/${id}`,
      params: { messageId: String(id) },
      cookie: support.cookie,
      form: { intent: "reply", body: "Thanks <i>Ada</i>,\nwe refunded it." },
    });
    expect(answer.data).toEqual({ ok: true, message: "Reply emailed to reader@example.com." });
    const [mail] = mailsTo(dataDir, "reader@example.com");
    expect(mail).toContain(`Subject: Re: your message to ${getConfig().brandName}`);
    expect(mail).toMatch(/^Reply-To: support@signals\.example$/m);
    // The plain part quotes the message as written; the HTML part shows every tag as text.
    expect(mail).toContain(`> ${HOSTILE}`);
    expect(mail).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail).toContain("Thanks &lt;i&gt;Ada&lt;/i&gt;,");
    expect(mail).not.toContain("<script>alert(1)</script></p>");

    const [row] = await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row!.status).toBe("answered");
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.action, "inbox.replied"));
    expect(audited).toMatchObject({
      targetType: "contact_message",
      targetId: String(id),
      before: { status: "new" },
      after: { status: "answered", reply: "Thanks <i>Ada</i>,\nwe refunded it." },
    });
    const reply = (await threadOf(id)).find((item) => item.kind === "reply");
    expect(reply).toMatchObject({ delivery: "sent", attempts: 1, lastError: null, author: support.email });
  });

  it("keeps a reply whose email failed, retries it with back-off, sends it once, and gives up after the last try", async () => {
    const { id } = await submit("retry@example.com", "Where is my invite?");
    const { entryId } = await replyToInboxMessage({ db: db(), messageId: id, body: "On its way", actor: actor() });
    const sent: Email[] = [];
    const failing = async () => {
      throw new Error("421 SMTP busy");
    };
    expect(await deliverInboxReplies({ db: db(), entryId, send: failing })).toEqual({ sent: 0, failed: 1 });
    expect((await threadOf(id)).find((i) => i.kind === "reply")).toMatchObject({
      delivery: "retrying",
      attempts: 1,
      lastError: "421 SMTP busy",
    });
    // Backing off: not due again yet.
    expect(await deliverInboxReplies({ db: db(), send: async (e) => void sent.push(e) })).toEqual({
      sent: 0,
      failed: 0,
    });
    await makeDue("contact_thread_entries");
    expect(await deliverInboxReplies({ db: db(), send: async (e) => void sent.push(e) })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(sent.map((e) => [e.to, e.text.split("\n")[0]])).toEqual([["retry@example.com", "On its way"]]);
    await makeDue("contact_thread_entries");
    expect(await deliverInboxReplies({ db: db(), send: async (e) => void sent.push(e) })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect((await threadOf(id)).find((i) => i.kind === "reply")).toMatchObject({ delivery: "sent", lastError: null });

    const second = await replyToInboxMessage({ db: db(), messageId: id, body: "Again", actor: actor() });
    for (let i = 0; i < INBOX_REPLY_MAX_ATTEMPTS; i++) {
      await makeDue("contact_thread_entries");
      await deliverInboxReplies({ db: db(), entryId: second.entryId, send: failing });
    }
    await makeDue("contact_thread_entries");
    expect(await deliverInboxReplies({ db: db(), entryId: second.entryId, send: failing })).toEqual({
      sent: 0,
      failed: 0,
    });
    const [entry] = await db().select().from(contactThreadEntries).where(eq(contactThreadEntries.id, second.entryId));
    expect(entry!.emailAttempts).toBe(INBOX_REPLY_MAX_ATTEMPTS);
    expect((await threadOf(id)).find((i) => i.kind === "reply" && i.id === second.entryId)).toMatchObject({
      delivery: "failed",
    });
  });

  it("alerts the staff of a new message by email and in the staff chat, each once, retrying only the channel that failed; markup stays text", async () => {
    const { id } = await submit("visitor@example.com");
    const emails: Email[] = [];
    let smtpDown = true;
    const send = async (email: Email) => {
      if (smtpDown) throw new Error("SMTP down");
      emails.push(email);
    };
    expect(await sendContactAlerts({ db: db(), send, bot })).toEqual({ alerted: 0, failed: 1 });
    const told = api.messagesTo(STAFF_CHAT);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(HOSTILE);
    expect(told[0]).toMatch(new RegExp(`^https?://[^\\s]+/admin/inbox/${id}$`, "m"));
    // Plain text: no parse mode, so Telegram shows the tags as written.
    expect(api.callsOf("sendMessage")[0]!.params.parse_mode).toBeUndefined();
    // The message's page says which channel failed and why, and that the other one went out.
    const failing = (await getInboxMessage({ db: db(), messageId: id }))!.alert;
    expect(failing).toMatchObject({
      state: "retrying",
      attempts: 1,
      maxAttempts: CONTACT_ALERT_MAX_ATTEMPTS,
      email: { sentAt: null, error: "SMTP down" },
      telegram: { error: null },
    });
    expect(failing.telegram.sentAt).toEqual(expect.any(String));

    smtpDown = false;
    await makeDue("contact_submissions");
    expect(await sendContactAlerts({ db: db(), send, bot })).toEqual({ alerted: 1, failed: 0 });
    expect(api.messagesTo(STAFF_CHAT)).toHaveLength(1);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: "support@signals.example", subject: "New contact message from Ada <admin>" });
    expect(emails[0]!.text).toContain(HOSTILE);
    expect(emails[0]!.html).toContain("Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;");
    expect(emails[0]!.html).not.toContain("<script>");

    await makeDue("contact_submissions");
    expect(await sendContactAlerts({ db: db(), send, bot })).toEqual({ alerted: 0, failed: 0 });
    const [row] = await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({ alertAttempts: 2, alertLastError: null });
    expect(row!.alertSentAt).toBeInstanceOf(Date);
    expect(row!.alertEmailSentAt).toBeInstanceOf(Date);
    expect(row!.alertTelegramSentAt).toBeInstanceOf(Date);
    const sent = (await getInboxMessage({ db: db(), messageId: id }))!.alert;
    expect(sent).toMatchObject({ state: "sent", email: { error: null }, telegram: { error: null } });
    expect(sent.email.sentAt).toEqual(expect.any(String));
    expect(row!.alertEmailError).toBeNull();
  });

  it("shows a staff alert that gave up as failed, with each channel's last error", async () => {
    const { id } = await submit("gives-up@example.com");
    await db()
      .update(contactSubmissions)
      .set({ alertAttempts: CONTACT_ALERT_MAX_ATTEMPTS - 1, alertNextAttemptAt: new Date(0) })
      .where(eq(contactSubmissions.id, id));
    const send = async () => {
      throw new Error("SMTP refused");
    };
    api.failNext("sendMessage");
    await sendContactAlerts({ db: db(), send, bot });
    const view = (await getInboxMessage({ db: db(), messageId: id }))!.alert;
    expect(view).toMatchObject({
      state: "failed",
      attempts: CONTACT_ALERT_MAX_ATTEMPTS,
      email: { sentAt: null, error: "SMTP refused" },
      telegram: { sentAt: null, error: expect.stringContaining("chat not found") },
    });
  });

  it("links a signed-in member's message to their account, answers the visitor at once and alerts the staff right after", async () => {
    const member = await signUpStaff(db(), null);
    // The outbox folder is shared by this file's runs on each database: an address of this run's own.
    const mia = `mia-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const signedIn = await callAction(contactAction, {
      path: "/api/contact",
      cookie: member.cookie,
      json: { name: "Mia", email: mia, message: "Signed in" },
    });
    expect(signedIn).toMatchObject({ status: 201, data: { ok: true } });
    const anonymous = await callAction(contactAction, {
      path: "/api/contact",
      json: { name: "Vic", email: "vic@example.com", message: "Visitor" },
    });
    expect(anonymous.status).toBe(201);
    const rows = await db().select().from(contactSubmissions).orderBy(asc(contactSubmissions.id));
    expect(rows.map((r) => [r.message, r.userId, r.status])).toEqual([
      ["Signed in", member.userId, "new"],
      ["Visitor", null, "new"],
    ]);
    // The first try runs after the answer; the support address gets one email per message.
    await vi.waitFor(async () => {
      const pending = await db()
        .select()
        .from(contactSubmissions)
        .where(sql`alert_sent_at is null`);
      expect(pending).toEqual([]);
    });
    expect(mailsTo(dataDir, "support@signals.example").filter((m) => m.includes(`Mia <${mia}>`))).toHaveLength(1);
  });
});
