import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { latestMail, linkIn } from "../support/outbox";

test.describe("newsletter: new posts by email", () => {
  test("a new post reaches a subscriber, whose unsubscribe link ends the subscription", async ({
    page,
    request,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { blogPosts, newsletterSubscribers } = app.testing.schema;
    const email = `reader-${Date.now()}@example.com`;
    const [reader] = await db
      .insert(newsletterSubscribers)
      .values({
        email,
        tokenHash: crypto.randomBytes(32).toString("hex"),
        tokenExpiresAt: new Date(),
        confirmedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    // As an editor would publish it: straight in the database.
    const [post] = await db
      .insert(blogPosts)
      .values({
        slug: `fresh-${Date.now()}`,
        title: "Fresh analysis for subscribers",
        excerpt: "What changed in the funding rates this week.",
        content: "<p>Body</p>",
        category: "Market Analysis",
        date: "2026-11-22",
        image: "/images/blog/funding-rates.svg",
        author: "Research Team",
        published: true,
      })
      .returning();
    try {
      // The server's newsletter job does this every minute; run it now.
      await app.testing.queueNewPostEmails({ db });
      await app.testing.sendNewPostEmails({ db });
      await expect.poll(() => latestMail(app.dataDir, email)).toContain("Fresh analysis for subscribers");
      const mail = latestMail(app.dataDir, email)!;
      expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      const article = linkIn(mail, `/blog/${post!.slug}`);
      expect(article).toBe(`${app.url}/blog/${post!.slug}`);
      const unsubscribe = linkIn(mail, "/newsletter/unsubscribe?token=")!;
      expect(unsubscribe).toMatch(new RegExp(`^${app.url}/newsletter/unsubscribe\\?token=`));

      // Opening the link changes nothing (mail scanners open links); the button does.
      await page.goto(unsubscribe);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from new posts?");
      await expect(page.getByText(email)).toBeVisible();
      const [still] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, reader!.id));
      expect(still!.unsubscribedAt).toBeNull();

      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
      await expect(page.getByText(`${email} gets no more emails about new posts.`)).toBeVisible();
      const [left] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, reader!.id));
      expect(left!.unsubscribedAt).toBeInstanceOf(Date);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");

      // A mail app's one-click button (RFC 8058): a cookieless POST to the same address.
      const oneClick = await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
      expect(oneClick.status()).toBe(200);
      const forged = await request.get(unsubscribe.replace(/token=\d+/, "token=999999"));
      expect(forged.status()).toBe(400);
      expect(await forged.text()).toContain("This unsubscribe link is invalid.");
    } finally {
      await db.delete(blogPosts).where(eq(blogPosts.id, post!.id));
      await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, reader!.id));
    }
  });
});
