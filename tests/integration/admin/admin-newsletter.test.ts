import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import type { NewsletterPostDelivery, NewsletterSubscriberPage } from "~/lib/view-types/admin/newsletter";
import { action, loader } from "~/routes/admin/newsletter/admin.newsletter";
import { auditLog, blogPosts, newsletterDeliveries, newsletterSubscribers } from "#server/db/schema";
import { NEWSLETTER_MAX_ATTEMPTS } from "#server/newsletter/delivery-limits";
import { sendNewPostEmails } from "#server/newsletter/send-new-post-emails";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { insertSubscriber } from "../../helpers/newsletter";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-newsletter");

const DAY = 86_400_000;

describeEachDatabase("the back office's Newsletter section", (database) => {
  const db = () => database().db;
  let editor: { cookie: string; userId: string; email: string };
  let slugs = 0;

  const subscriber = (email: string, state: Parameters<typeof insertSubscriber>[2] = {}) =>
    insertSubscriber(db(), email, state);

  async function blogPost(title: string) {
    slugs++;
    const [row] = await db()
      .insert(blogPosts)
      .values({
        slug: `news-${slugs}`,
        title,
        content: "<p>Body</p>",
        category: "News",
        date: "2026-11-23",
        image: "/images/blog/x.svg",
        author: "Editor",
        published: true,
      })
      .returning();
    return row!;
  }

  const view = async (query = "") =>
    (await callLoader(loader, { path: `/admin/newsletter${query}`, cookie: editor.cookie })).data as {
      counts: Record<string, number>;
      subscribers: NewsletterSubscriberPage;
      deliveries: NewsletterPostDelivery[];
      canWrite: boolean;
    };
  // The audit log is append-only: each test reads the rows of its own action.
  const audit = (action: string) =>
    db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));

  useProcessDatabase(database);
  beforeAll(async () => {
    editor = await signUpStaff(db(), "editor");
  });
  beforeEach(async () => {
    await db().delete(newsletterDeliveries);
    await db().delete(newsletterSubscribers);
    await db().delete(blogPosts);
  });

  it("counts confirmed, pending and unsubscribed addresses; lists them newest first, searched (wildcards literal) and filtered by status, in pages of 50", async () => {
    const now = Date.now();
    await subscriber("conf_1@example.com", { confirmed: new Date(now - DAY), created: new Date(now - 3 * DAY) });
    await subscriber("confx1@example.com", { confirmed: new Date(now - DAY), created: new Date(now - 2 * DAY) });
    await subscriber("pending@example.com", { created: new Date(now - DAY) });
    await subscriber("left@example.com", {
      confirmed: new Date(now - 2 * DAY),
      unsubscribed: new Date(now - DAY),
      created: new Date(now - 4 * DAY),
    });

    const all = await view();
    expect(all.counts).toEqual({ confirmed: 2, pending: 1, unsubscribed: 1 });
    expect(all.canWrite).toBe(true);
    expect(all.subscribers.rows.map((r) => [r.email, r.status])).toEqual([
      ["pending@example.com", "pending"],
      ["confx1@example.com", "confirmed"],
      ["conf_1@example.com", "confirmed"],
      ["left@example.com", "unsubscribed"],
    ]);
    // "_" is a letter here, not LIKE's any-character: conf_1 only, not confx1.
    expect((await view("?q=CONF_1")).subscribers.rows.map((r) => r.email)).toEqual(["conf_1@example.com"]);
    expect((await view("?q=%25")).subscribers.total).toBe(0);
    expect((await view("?status=unsubscribed")).subscribers.rows.map((r) => r.email)).toEqual(["left@example.com"]);
    expect((await view("?status=pending&q=conf")).subscribers.total).toBe(0);
    // A bad status or page shows the default, never an error; a long search is cut to 100 characters.
    expect((await view("?status=nonsense&page=-4")).subscribers.total).toBe(4);
    expect((await view(`?q=${"a".repeat(5000)}`)).subscribers.total).toBe(0);

    for (let i = 0; i < 51; i++)
      await subscriber(`bulk${i}@example.com`, { confirmed: new Date(), created: new Date(now - DAY / 2 - i * 1000) });
    const first = (await view("?q=bulk")).subscribers;
    expect(first).toMatchObject({ total: 51, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(50);
    const second = (await view("?q=bulk&page=2")).subscribers;
    expect(second.rows.map((r) => r.email)).toEqual(["bulk50@example.com"]);
    expect((await view("?q=bulk&page=99")).subscribers.page).toBe(2);
  });

  it("shows each post's emails by state: sent, queued (retrying), failed after the last attempt, skipped", async () => {
    const subs = await Promise.all(
      ["a", "b", "c", "d", "e", "f"].map((x) =>
        subscriber(`${x}@example.com`, { confirmed: new Date(Date.now() - DAY) }),
      ),
    );
    const news = await blogPost("Weekly results");
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 5 * 60_000);
    await db()
      .insert(newsletterDeliveries)
      .values([
        { postId: news.id, subscriberId: subs[0]!.id, sentAt: past, attempts: 1 },
        { postId: news.id, subscriberId: subs[1]!.id },
        { postId: news.id, subscriberId: subs[2]!.id, attempts: 3, lastError: "421 try later", nextAttemptAt: future },
        {
          postId: news.id,
          subscriberId: subs[3]!.id,
          attempts: NEWSLETTER_MAX_ATTEMPTS,
          lastError: "550 mailbox full",
          nextAttemptAt: past,
        },
        // The last attempt is being made right now (its lease keeps it ahead): not failed yet.
        {
          postId: news.id,
          subscriberId: subs[4]!.id,
          attempts: NEWSLETTER_MAX_ATTEMPTS,
          lastError: "421 try later",
          nextAttemptAt: future,
        },
        { postId: news.id, subscriberId: subs[5]!.id, skippedAt: past },
      ]);
    const [row] = (await view()).deliveries;
    expect(row).toEqual({
      postId: news.id,
      title: "Weekly results",
      slug: news.slug,
      sent: 1,
      queued: 3,
      retrying: 2,
      failed: 1,
      skipped: 1,
      lastError: expect.any(String),
    });
  });

  it("an editor sends a post's failed emails again: only the failed ones, audited; the sender then delivers them", async () => {
    const [a, b] = await Promise.all([
      subscriber("a@example.com", { confirmed: new Date(Date.now() - DAY) }),
      subscriber("b@example.com", { confirmed: new Date(Date.now() - DAY) }),
    ]);
    const news = await blogPost("Weekly results");
    const past = new Date(Date.now() - 60_000);
    await db()
      .insert(newsletterDeliveries)
      .values([
        {
          postId: news.id,
          subscriberId: a!.id,
          attempts: NEWSLETTER_MAX_ATTEMPTS,
          lastError: "550 mailbox full",
          nextAttemptAt: past,
        },
        { postId: news.id, subscriberId: b!.id, sentAt: past, attempts: 1 },
      ]);
    // Nothing is due: the sender has given up on a@.
    expect(await sendNewPostEmails({ db: db(), send: async () => {} })).toEqual({ sent: 0, skipped: 0, failed: 0 });

    const done = await callAction(action, {
      path: "/admin/newsletter",
      form: { intent: "retry", postId: String(news.id) },
      cookie: editor.cookie,
    });
    expect(done).toMatchObject({
      status: 200,
      data: { ok: true, message: "1 email of “Weekly results” will be sent again in the next few minutes." },
    });
    const [entry, ...more] = await audit("newsletter.deliveries_retried");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorUserId: editor.userId,
      actorRole: "editor",
      action: "newsletter.deliveries_retried",
      targetType: "post",
      targetId: String(news.id),
      before: { failed: 1 },
      after: { queued: 1 },
    });
    expect((await view()).deliveries[0]).toMatchObject({ failed: 0, queued: 1, retrying: 1, sent: 1 });

    const sent: string[] = [];
    expect(await sendNewPostEmails({ db: db(), send: async (email) => void sent.push(email.to) })).toEqual({
      sent: 1,
      skipped: 0,
      failed: 0,
    });
    expect(sent).toEqual(["a@example.com"]);
    // Again: nothing failed, nothing changes, nothing audited.
    const again = await callAction(action, {
      path: "/admin/newsletter",
      form: { intent: "retry", postId: String(news.id) },
      cookie: editor.cookie,
    });
    expect(again.data).toMatchObject({ ok: true, message: "“Weekly results” has no failed emails to send again." });
    expect(await audit("newsletter.deliveries_retried")).toHaveLength(1);
    expect(
      (
        await callAction(action, {
          path: "/admin/newsletter",
          form: { intent: "retry", postId: "999999" },
          cookie: editor.cookie,
        })
      ).status,
    ).toBe(404);
  });

  it("after its last attempt fails, an email counts as failed at once (no back-off wait before staff can retry it)", async () => {
    const a = await subscriber("a@example.com", { confirmed: new Date(Date.now() - DAY) });
    const news = await blogPost("Weekly results");
    await db()
      .insert(newsletterDeliveries)
      .values({ postId: news.id, subscriberId: a.id, attempts: NEWSLETTER_MAX_ATTEMPTS - 1 });
    expect(
      await sendNewPostEmails({ db: db(), send: async () => Promise.reject(new Error("550 mailbox full")) }),
    ).toEqual({ sent: 0, skipped: 0, failed: 1 });
    expect((await view()).deliveries[0]).toMatchObject({ failed: 1, queued: 0, lastError: "550 mailbox full" });
  });

  it("unsubscribes an address on its owner's request: audited with the state before, queued emails skipped, twice changes nothing", async () => {
    const reader = await subscriber("reader@example.com", { confirmed: new Date(Date.now() - DAY) });
    const news = await blogPost("Weekly results");
    await db().insert(newsletterDeliveries).values({ postId: news.id, subscriberId: reader.id });

    const done = await callAction(action, {
      path: "/admin/newsletter",
      form: { intent: "unsubscribe", subscriberId: String(reader.id) },
      cookie: editor.cookie,
    });
    expect(done).toMatchObject({
      status: 200,
      data: { ok: true, message: "reader@example.com is unsubscribed: no more new-post emails go to it." },
    });
    const [stored] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, reader.id));
    expect(stored!.unsubscribedAt).not.toBeNull();
    const [entry] = await audit("newsletter.subscriber_unsubscribed");
    expect(entry).toMatchObject({
      action: "newsletter.subscriber_unsubscribed",
      targetType: "newsletter_subscriber",
      targetId: String(reader.id),
      before: { email: "reader@example.com", status: "confirmed" },
      after: { email: "reader@example.com", status: "unsubscribed" },
      ipAddress: "10.0.0.8",
    });
    expect(await sendNewPostEmails({ db: db(), send: async () => {} })).toEqual({ sent: 0, skipped: 1, failed: 0 });

    const again = await callAction(action, {
      path: "/admin/newsletter",
      form: { intent: "unsubscribe", subscriberId: String(reader.id) },
      cookie: editor.cookie,
    });
    expect(again.data).toMatchObject({ ok: true, message: "reader@example.com was already unsubscribed." });
    expect(await audit("newsletter.subscriber_unsubscribed")).toHaveLength(1);
    expect(
      (
        await callAction(action, {
          path: "/admin/newsletter",
          form: { intent: "unsubscribe", subscriberId: "12345678" },
          cookie: editor.cookie,
        })
      ).status,
    ).toBe(404);
    const bad = await callAction(action, {
      path: "/admin/newsletter",
      form: { intent: "unsubscribe", subscriberId: "x" },
      cookie: editor.cookie,
    });
    expect(bad).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { subscriberId: "Which subscriber?" } } });
    expect(
      (
        await callAction(action, {
          path: "/admin/newsletter",
          form: { intent: "resubscribe", subscriberId: "1" },
          cookie: editor.cookie,
        })
      ).status,
    ).toBe(400);
  });
});
