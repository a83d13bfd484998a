import type { Page } from "@playwright/test";
import { eq, inArray, sql } from "drizzle-orm";
import { formatDate, publishedPosts } from "../support/content";
import { expect, test } from "../support/fixtures";
import { holdData } from "../support/hold-data";
import { latestMail, linkIn } from "../support/outbox";

/** The search's count line: "1 result", "0 results", "2 results". */
const resultsFor = (n: number, term: string) => `${n} ${n === 1 ? "result" : "results"} for "${term}"`;

/** What a reader can find a post by: title, excerpt, category and the article's text (no markup). */
function searchableText(post: Awaited<ReturnType<typeof publishedPosts>>[number]) {
  const text = post.content
    .replace(/<\/?(a|abbr|b|cite|code|em|i|kbd|mark|q|s|small|span|strong|sub|sup|time|u)(\s[^>]*)?>/gi, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return [post.title, post.excerpt, post.category, text].join("\n").toLowerCase();
}

const cards = (page: Page) => page.locator('[data-slot="blog-post-card"]');
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search articles" });

test.describe("blog list", () => {
  test("shows the newest six published posts with every card field", async ({ page, app }) => {
    const posts = await publishedPosts(app);
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(cards(page)).toHaveCount(6);
    for (const [i, post] of posts.slice(0, 6).entries()) {
      const card = cards(page).nth(i);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(post.title);
      await expect(card).toContainText(post.category);
      await expect(card.locator("time")).toHaveText(formatDate(post.date));
      await expect(card).toContainText(post.author);
      await expect(card).toContainText(post.authorRole);
      await expect(card).toContainText(post.excerpt);
      const image = card.getByRole("img", { name: post.title });
      await expect(image).toHaveAttribute("src", post.image);
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("loading", i < 2 ? "eager" : "lazy");
      await expect(card.getByRole("link", { name: "READ MORE" })).toHaveAttribute("href", `/blog/${post.slug}`);
    }
    expect(formatDate("2026-10-28")).toBe("Oct 28, 2026");
  });

  test("searches live, in any case, over title, excerpt, category and article text", async ({ page, app }) => {
    const posts = await publishedPosts(app);
    await page.goto("/blog");
    for (const term of ["FUNDING", "product updates", "entry zone", "liquidation", "risk"]) {
      const hits = posts.filter((p) => searchableText(p).includes(term.toLowerCase()));
      expect(hits.length, term).toBeGreaterThan(0);
      await searchBox(page).fill(term);
      await expect(page.getByText(resultsFor(hits.length, term), { exact: true })).toBeVisible();
      await expect(page).toHaveURL(`/blog?q=${encodeURIComponent(term).replace(/%20/g, "+")}`);
      await expect(cards(page)).toHaveCount(Math.min(hits.length, 6));
      await expect(cards(page).getByRole("heading", { level: 2 })).toHaveText(hits.slice(0, 6).map((p) => p.title));
    }
    // Typing replaced the history entry instead of adding one per keystroke.
    expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(3);

    // Blank (trimmed) input is ignored: every post, no count.
    await searchBox(page).fill("   ");
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByText(/results? for/)).toHaveCount(0);
    await expect(cards(page)).toHaveCount(6);
  });

  test("HTML tag and attribute names do not match", async ({ page, app }) => {
    const posts = await publishedPosts(app);
    for (const tag of ["tbody", "href"]) {
      expect(
        posts.some((p) => p.content.includes(tag)),
        `some article's HTML contains ${tag}`,
      ).toBe(true);
      expect(posts.some((p) => searchableText(p).includes(tag))).toBe(false);
    }
    await page.goto("/blog");
    await searchBox(page).fill("tbody");
    await expect(page.getByText('0 results for "tbody"', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Load More Posts" })).toHaveCount(0);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText('0 results for "tbody"', { exact: true })).toBeVisible();
  });

  test("shows Loading blog posts... while a search loads", async ({ page }) => {
    await page.goto("/blog");
    const release = await holdData(page, "**/blog.data*");
    await searchBox(page).fill("leverage");
    await expect(page.getByRole("status").filter({ hasText: "Loading blog posts..." })).toBeVisible();
    release();
    await expect(page.getByText(/^\d+ results? for "leverage"$/)).toBeVisible();
    await expect(page.getByText("Loading blog posts...")).toHaveCount(0);
  });

  test("READ MORE opens the article", async ({ page, app }) => {
    const [newest] = await publishedPosts(app);
    await page.goto("/blog");
    await cards(page).first().getByRole("link", { name: "READ MORE" }).click();
    await expect(page).toHaveURL(`/blog/${newest!.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest!.title);
  });

  test("Load More Posts shows the next page, then disappears", async ({ page, app }) => {
    const posts = await publishedPosts(app);
    expect(posts.length).toBeGreaterThan(6);
    expect(posts.length).toBeLessThanOrEqual(12);
    await page.goto("/blog");
    await expect(cards(page)).toHaveCount(6);
    await page.getByRole("button", { name: "Load More Posts" }).click();
    await expect(cards(page)).toHaveCount(posts.length);
    await expect(cards(page).getByRole("heading", { level: 2 })).toHaveText(posts.map((p) => p.title));
    await expect(page.getByRole("button", { name: "Load More Posts" })).toHaveCount(0);
    // Keyboard users continue at the first new article.
    await expect(cards(page).nth(6).getByRole("heading", { level: 2 }).getByRole("link")).toBeFocused();
  });

  test("search and paging work without JavaScript", async ({ browser, app }) => {
    const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    const page = await context.newPage();
    const posts = await publishedPosts(app);
    await page.goto("/blog");
    await page.getByRole("button", { name: "Load More Posts" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(cards(page)).toHaveCount(posts.length);
    await searchBox(page).fill("funding");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blog\?q=funding$/);
    const hits = posts.filter((p) => searchableText(p).includes("funding"));
    await expect(page.getByText(resultsFor(hits.length, "funding"), { exact: true })).toBeVisible();
    await context.close();
  });

  test("a draft is never listed and its address is a 404", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { blogPosts } = app.testing.schema;
    const [draft] = await db.select().from(blogPosts).where(eq(blogPosts.published, false));
    expect(draft).toBeTruthy();
    await page.goto("/blog?page=2");
    await expect(cards(page)).toHaveCount((await publishedPosts(app)).length);
    await expect(page.getByText(draft!.title)).toHaveCount(0);
    await searchBox(page).fill(draft!.title);
    await expect(page.getByText(`0 results for "${draft!.title}"`, { exact: true })).toBeVisible();

    const response = await page.goto(`/blog/${draft!.slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await expect(page.getByText(draft!.title)).toHaveCount(0);
  });

  test("says so when nothing is published, and when the posts cannot be read", async ({
    page,
    app,
    context,
    baseURL,
  }) => {
    const { db } = app.testing.getDatabase();
    const { blogPosts } = app.testing.schema;
    // A cookie keeps these answers out of the anonymous page cache.
    await context.addCookies([{ name: "e2e", value: "1", url: baseURL! }]);
    const published = (await publishedPosts(app)).map((p) => p.id);
    try {
      await db.update(blogPosts).set({ published: false });
      await page.goto("/blog");
      await expect(page.getByText("No blog posts available yet.")).toBeVisible();
      await expect(cards(page)).toHaveCount(0);

      await db.execute(sql`ALTER TABLE blog RENAME TO blog_offline`);
      page.removeAllListeners("console"); // the browser logs the 503 document
      const failed = await page.goto("/blog");
      expect(failed!.status()).toBe(503);
      await expect(page.getByText("Error loading blog posts. Please try again later.")).toBeVisible();
      // An article that cannot be loaded is not found, too.
      const article = await page.goto("/blog/any-article");
      expect(article!.status()).toBe(503);
      await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
      await expect(page.getByText("The article you're looking for doesn't exist.")).toBeVisible();
    } finally {
      await db.execute(sql`ALTER TABLE IF EXISTS blog_offline RENAME TO blog`);
      await db.update(blogPosts).set({ published: true }).where(inArray(blogPosts.id, published));
    }
  });
});

test.describe("newsletter", () => {
  test("double opt-in: subscribe, confirm from the email, then already subscribed", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { rateLimits, newsletterSubscribers } = app.testing.schema;
    await db.delete(rateLimits).where(eq(rateLimits.key, "newsletter:ip:127.0.0.1"));
    const email = `reader-${Date.now()}@example.com`;
    await page.goto("/blog");
    const box = page.getByRole("region", { name: "Subscribe to new posts" });
    const field = box.getByRole("textbox", { name: "Email address" });
    // The box hydrates as it comes into view (its script is not part of the first load).
    await box.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-slot="below-the-fold"]')).toHaveAttribute("data-state", "ready");

    await field.fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByRole("alert")).toHaveText("Please enter a valid email address");

    await field.fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Check your inbox to confirm your subscription.")).toBeVisible();
    await expect(field).toHaveValue("");
    const [pending] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(pending!.confirmedAt).toBeNull();

    const mail = latestMail(app.dataDir, email);
    expect(mail).toBeTruthy();
    const link = linkIn(mail!, "/newsletter/confirm?token=");
    expect(link).toMatch(new RegExp(`^${app.url}/newsletter/confirm\\?token=[\\w-]{43}$`));
    // Opening the link confirms nothing (mail scanners open links too): the button does.
    const opened = await page.goto(link!);
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    const [stillPending] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(stillPending!.confirmedAt).toBeNull();
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
    const [confirmed] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);

    await field.fill(email.toUpperCase());
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("You're already subscribed.")).toBeVisible();

    // The link works once. (The 400 answer is logged by the browser: expected here.)
    page.removeAllListeners("console");
    const again = await page.goto(link!);
    expect(again?.status()).toBe(400);
    await expect(
      page.getByRole("heading", { name: "This confirmation link is invalid or has expired." }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });

  test("what is typed before the box hydrates is kept and sent", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { rateLimits } = app.testing.schema;
    await db.delete(rateLimits).where(eq(rateLimits.key, "newsletter:ip:127.0.0.1"));
    const email = `early-${Date.now()}@example.com`;
    // The box's own module is held back until half the address is typed, so the box hydrates
    // between keystrokes: the first half goes into the server's HTML, the rest into React's.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/newsletter-signup-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // No waiting for scripts: the reader types as soon as the box is on screen.
    await page.goto("/blog", { waitUntil: "commit" });
    const box = page.getByRole("region", { name: "Subscribe to new posts" });
    const field = box.getByRole("textbox", { name: "Email address" });
    const half = Math.floor(email.length / 2);
    await field.pressSequentially(email.slice(0, half));
    release();
    await field.pressSequentially(email.slice(half));
    await expect(field).toHaveValue(email);
    await expect(page.locator('[data-slot="below-the-fold"]')).toHaveAttribute("data-state", "ready");
    await expect(field).toHaveValue(email);
    const [sent] = await Promise.all([
      page.waitForRequest((request) => request.method() === "POST" && request.url().includes("/api/newsletter")),
      box.getByRole("button", { name: "Subscribe" }).click(),
    ]);
    expect(sent.postDataJSON()).toEqual({ email });
    await expect(page.getByText("Check your inbox to confirm your subscription.")).toBeVisible();
  });

  test("without JavaScript the form answers on the blog page", async ({ browser, app }) => {
    const { db } = app.testing.getDatabase();
    const { rateLimits } = app.testing.schema;
    await db.delete(rateLimits).where(eq(rateLimits.key, "newsletter:ip:127.0.0.1"));
    const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog");
    const box = page.getByRole("region", { name: "Subscribe to new posts" });
    const email = `nojs-${Date.now()}@example.com`;
    await box.getByRole("textbox", { name: "Email address" }).fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/blog\?newsletter=check-inbox#newsletter$/);
    await expect(box.getByText("Check your inbox to confirm your subscription.")).toBeVisible();
    // The confirmation button is a plain form post too, answered 200.
    await page.goto(linkIn(latestMail(app.dataDir, email)!, "/newsletter/confirm?token=")!);
    const [confirmed] = await Promise.all([
      page.waitForResponse(
        (response) => response.request().method() === "POST" && response.url().includes("/newsletter/confirm"),
      ),
      page.getByRole("button", { name: "Confirm subscription" }).click(),
    ]);
    expect(confirmed.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
    await context.close();
  });
});
