import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { blogPosts, newsletterDeliveries, newsletterSubscribers } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { queueNewPostEmails } from "#server/newsletter/queue-new-post-emails";
import { sendNewPostEmails } from "#server/newsletter/send-new-post-emails";
import { findUnsubscribeAddress, unsubscribeNewsletter } from "#server/newsletter/unsubscribe-newsletter";
import { createUnsubscribeToken, readUnsubscribeToken } from "#server/newsletter/unsubscribe-token";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { insertSubscriber } from "../../helpers/newsletter";

withTestDataDir("newsletter-delivery", { PUBLIC_URL: "https://signals.example", BRAND_NAME: "Acme Signals" });

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describeEachDatabase("newsletter: new posts by email", (database) => {
  const db = () => database().db;
  let slugCount = 0;

  const subscriber = (email: string, state: Parameters<typeof insertSubscriber>[2] = {}) =>
    insertSubscriber(db(), email, state);

  async function post(values: { published: boolean; publishedAt?: Date }) {
    slugCount++;
    const [row] = await db()
      .insert(blogPosts)
      .values({
        slug: `post-${slugCount}`,
        title: `Post number ${slugCount}`,
        excerpt: `What post ${slugCount} is about.`,
        content: "<p>Body</p>",
        category: "News",
        date: "2026-11-22",
        image: "/images/blog/x.svg",
        author: "Editor",
        ...values,
      })
      .returning();
    return row!;
  }

  function collect() {
    const sent: Email[] = [];
    return { sent, send: async (email: Email) => void sent.push(email) };
  }

  beforeEach(async () => {
    await db().delete(newsletterDeliveries);
    await db().delete(newsletterSubscribers);
    await db().delete(blogPosts);
  });

  it("stamps a post the first time it is published, however it is published", async () => {
    const draft = await post({ published: false });
    expect(draft.publishedAt).toBeNull();
    const live = await post({ published: true });
    expect(live.publishedAt).toBeInstanceOf(Date);

    await db().update(blogPosts).set({ published: true }).where(eq(blogPosts.id, draft.id));
    const [first] = await db().select().from(blogPosts).where(eq(blogPosts.id, draft.id));
    expect(first!.publishedAt).toBeInstanceOf(Date);
    // Unpublished and published again: still the first time, so it is not announced again.
    await db().execute(sql`update blog set published = false where id = ${draft.id}`);
    await db().execute(sql`update blog set published = true where id = ${draft.id}`);
    const [again] = await db().select().from(blogPosts).where(eq(blogPosts.id, draft.id));
    expect(again!.publishedAt).toEqual(first!.publishedAt);
  });

  it("queues each new post once for each confirmed, subscribed address that confirmed before it", async () => {
    const early = await subscriber("early@example.com", { confirmed: ago(20) });
    await subscriber("pending@example.com");
    await subscriber("left@example.com", { confirmed: ago(20), unsubscribed: ago(1) });
    const fresh = await post({ published: true });
    await post({ published: false });
    // Published after `early` confirmed, but too long ago to be news.
    await post({ published: true, publishedAt: ago(10) });
    await subscriber("late@example.com", { confirmed: new Date(Date.now() + 1000) });

    expect(await queueNewPostEmails({ db: db() })).toEqual({ queued: 1 });
    const queued = await db().select().from(newsletterDeliveries);
    expect(queued.map((d) => [d.postId, d.subscriberId])).toEqual([[fresh.id, early.id]]);
    expect(await queueNewPostEmails({ db: db() })).toEqual({ queued: 0 });
  });

  it("sends the post with a link to it and a working unsubscribe link, once", async () => {
    const reader = await subscriber("reader@example.com", { confirmed: ago(3) });
    const fresh = await post({ published: true });
    await queueNewPostEmails({ db: db() });
    const { sent, send } = collect();

    expect(await sendNewPostEmails({ db: db(), send })).toEqual({ sent: 1, skipped: 0, failed: 0 });
    const [email] = sent;
    expect(email).toMatchObject({ to: "reader@example.com", subject: fresh.title });
    expect(email!.text).toContain(fresh.excerpt);
    expect(email!.text).toContain(`https://signals.example/blog/${fresh.slug}`);
    expect(email!.html).toContain(`href="https://signals.example/blog/${fresh.slug}"`);
    const unsubscribe = /<(https:\/\/signals\.example\/newsletter\/unsubscribe\?token=[^>]+)>/.exec(
      email!.headers!["List-Unsubscribe"]!,
    )?.[1];
    expect(email!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(email!.text).toContain(unsubscribe);
    expect(readUnsubscribeToken(decodeURIComponent(new URL(unsubscribe!).searchParams.get("token")!))).toBe(reader.id);

    expect(await sendNewPostEmails({ db: db(), send })).toEqual({ sent: 0, skipped: 0, failed: 0 });
    const [delivery] = await db().select().from(newsletterDeliveries);
    expect(delivery!.sentAt).toBeInstanceOf(Date);
  });

  it("shows the post's title and excerpt as text: the heading and the paragraph are escaped", async () => {
    await subscriber("reader@example.com", { confirmed: ago(3) });
    const fresh = await post({ published: true });
    await db()
      .update(blogPosts)
      .set({ title: `<b>Risk & "reward" 'now'</b>`, excerpt: "<i>Stops</i> & sizes" })
      .where(eq(blogPosts.id, fresh.id));
    await queueNewPostEmails({ db: db() });
    const { sent, send } = collect();
    await sendNewPostEmails({ db: db(), send });
    const html = sent[0]!.html!;
    expect(html).toContain(
      `<h1 style="font-size:20px;margin:0 0 16px">&lt;b&gt;Risk &amp; &quot;reward&quot; &#39;now&#39;&lt;/b&gt;</h1>`,
    );
    expect(html).toContain(">&lt;i&gt;Stops&lt;/i&gt; &amp; sizes</p>");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<i>");
    expect(sent[0]!.subject).toBe(`<b>Risk & "reward" 'now'</b>`);
  });

  it("skips an address that left, or a post taken down, before its turn", async () => {
    const leaving = await subscriber("leaving@example.com", { confirmed: ago(3) });
    await subscriber("staying@example.com", { confirmed: ago(3) });
    const first = await post({ published: true });
    await queueNewPostEmails({ db: db() });
    await unsubscribeNewsletter({ db: db(), token: createUnsubscribeToken(leaving.id) });
    const { sent, send } = collect();
    expect(await sendNewPostEmails({ db: db(), send })).toEqual({ sent: 1, skipped: 1, failed: 0 });
    expect(sent.map((e) => e.to)).toEqual(["staying@example.com"]);

    const second = await post({ published: true });
    await queueNewPostEmails({ db: db() });
    await db()
      .update(blogPosts)
      .set({ published: false })
      .where(inArray(blogPosts.id, [first.id, second.id]));
    expect(await sendNewPostEmails({ db: db(), send })).toEqual({ sent: 0, skipped: 1, failed: 0 });
  });

  it("retries a failed send later, with the error kept", async () => {
    await subscriber("flaky@example.com", { confirmed: ago(3) });
    await post({ published: true });
    await queueNewPostEmails({ db: db() });
    const failing = async () => {
      throw new Error("SMTP 451 try later");
    };
    expect(await sendNewPostEmails({ db: db(), send: failing })).toEqual({ sent: 0, skipped: 0, failed: 1 });
    const [waiting] = await db().select().from(newsletterDeliveries);
    expect(waiting).toMatchObject({ attempts: 1, sentAt: null, lastError: "SMTP 451 try later" });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing happens.
    const { sent, send } = collect();
    expect(await sendNewPostEmails({ db: db(), send })).toEqual({ sent: 0, skipped: 0, failed: 0 });

    await db()
      .update(newsletterDeliveries)
      .set({ nextAttemptAt: ago(0.001) });
    expect(await sendNewPostEmails({ db: db(), send })).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it("sends batch after batch in one run, and hands back what it has no time left for", async () => {
    for (const name of ["a", "b", "c", "d", "e"]) await subscriber(`${name}@example.com`, { confirmed: ago(3) });
    await post({ published: true });
    expect(await queueNewPostEmails({ db: db() })).toEqual({ queued: 5 });
    const { sent, send } = collect();

    // No time at all: everything claimed goes straight back, due now, the attempt not counted.
    expect(await sendNewPostEmails({ db: db(), send, batchSize: 2, runBudgetMs: -1 })).toEqual({
      sent: 0,
      skipped: 0,
      failed: 0,
    });
    const handedBack = await db().select().from(newsletterDeliveries);
    expect(handedBack.map((d) => d.attempts)).toEqual([0, 0, 0, 0, 0]);
    expect(handedBack.every((d) => d.nextAttemptAt.getTime() <= Date.now())).toBe(true);

    expect(await sendNewPostEmails({ db: db(), send, batchSize: 2 })).toEqual({ sent: 5, skipped: 0, failed: 0 });
    expect(new Set(sent.map((e) => e.to)).size).toBe(5);
  });

  it("unsubscribes by link, twice without complaint, and refuses a forged link", async () => {
    const reader = await subscriber("Reader@Example.com", { confirmed: ago(3) });
    const token = createUnsubscribeToken(reader.id);
    expect(await findUnsubscribeAddress({ db: db(), token })).toEqual({
      email: "Reader@Example.com",
      subscribed: true,
    });
    expect(await unsubscribeNewsletter({ db: db(), token })).toEqual({ email: "Reader@Example.com" });
    const [left] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, reader.id));
    expect(left!.unsubscribedAt).toBeInstanceOf(Date);
    await unsubscribeNewsletter({ db: db(), token });
    const [still] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, reader.id));
    expect(still!.unsubscribedAt).toEqual(left!.unsubscribedAt);
    expect(await findUnsubscribeAddress({ db: db(), token })).toEqual({
      email: "Reader@Example.com",
      subscribed: false,
    });

    const forged = `${reader.id}.${"A".repeat(43)}`;
    await expect(unsubscribeNewsletter({ db: db(), token: forged })).rejects.toMatchObject({
      name: "AppError",
      code: "VALIDATION",
      message: "This unsubscribe link is invalid.",
    });
    await expect(findUnsubscribeAddress({ db: db(), token: createUnsubscribeToken(reader.id + 1000) })).rejects.toThrow(
      "This unsubscribe link is invalid.",
    );
  });
});
