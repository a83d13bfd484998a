import type { Page } from "@playwright/test";
import { inArray, ne } from "drizzle-orm";
import { formatDate, publishedPosts } from "../support/content";
import { expect, test } from "../support/fixtures";
import { holdData } from "../support/hold-data";

const cards = (page: Page) => page.locator('[data-slot="blog-post-card"]');

test.describe("article", () => {
  test("shows every part of the article and up to three related articles", async ({ page, app }) => {
    const posts = await publishedPosts(app);
    const post = posts[4]!;
    await page.goto(`/blog/${post.slug}`);
    const article = page.getByRole("article").first();
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(article).toContainText(post.category);
    await expect(article.locator("time")).toHaveText(formatDate(post.date));
    await expect(article).toContainText(post.author);
    await expect(article).toContainText(post.authorRole);
    await expect(article.getByRole("img", { name: post.title })).toHaveAttribute("src", post.image);
    await expect(article.getByRole("button", { name: "Share" })).toBeVisible();
    // The stored HTML is rendered as HTML.
    const firstHeading = /<h2>([^<]+)<\/h2>/.exec(post.content)![1]!;
    await expect(page.locator(".prose-content h2").first()).toHaveText(firstHeading);

    const related = page.getByRole("region", { name: "Related Articles" });
    const titles = posts
      .filter((p) => p.slug !== post.slug)
      .slice(0, 3)
      .map((p) => p.title);
    await expect(related.getByRole("heading", { level: 3 })).toHaveText(titles);
    await expect(related.getByText(post.title)).toHaveCount(0);
  });

  test("related articles never include the article itself", async ({ page, app }) => {
    const [newest, ...rest] = await publishedPosts(app);
    await page.goto(`/blog/${newest!.slug}`);
    const related = page.getByRole("region", { name: "Related Articles" });
    await expect(related.getByRole("heading", { level: 3 })).toHaveText(rest.slice(0, 3).map((p) => p.title));
  });

  test("says so when nothing else is published", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { blogPosts } = app.testing.schema;
    const [only, ...others] = await publishedPosts(app);
    await db.update(blogPosts).set({ published: false }).where(ne(blogPosts.slug, only!.slug));
    try {
      // A query string of its own keeps this view out of the anonymous page cache.
      await page.goto(`/blog/${only!.slug}?view=alone`);
      await expect(page.getByText("No related articles found.")).toBeVisible();
    } finally {
      await db
        .update(blogPosts)
        .set({ published: true })
        .where(
          inArray(
            blogPosts.slug,
            others.map((p) => p.slug),
          ),
        );
    }
  });

  test("shows Loading article... while another article loads", async ({ page, app }) => {
    const [newest, second] = await publishedPosts(app);
    await page.goto(`/blog/${newest!.slug}`);
    const release = await holdData(page, `**/blog/${second!.slug}.data*`);
    await page
      .getByRole("region", { name: "Related Articles" })
      .getByRole("link", { name: second!.title, exact: true })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Loading article..." })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(second!.title);
  });

  test("Share copies the link where the browser cannot share", async ({ page, context, app }) => {
    const [post] = await publishedPosts(app);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true }),
    );
    await page.goto(`/blog/${post!.slug}`);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Link copied!")).toBeVisible();
    await expect(page.getByText("Paste it anywhere to share.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/blog/${post!.slug}`);
  });

  test("Share tells the reader when the link cannot be copied", async ({ page, app }) => {
    const [post] = await publishedPosts(app);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
      Object.defineProperty(Navigator.prototype, "clipboard", {
        configurable: true,
        get: () => ({ writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) }),
      });
    });
    await page.goto(`/blog/${post!.slug}`);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Unable to copy link")).toBeVisible();
    await expect(page.getByText("Please copy the URL manually from your browser.")).toBeVisible();
  });

  test("Share uses the share sheet where there is one; a cancelled share says nothing", async ({ page, app }) => {
    const [post] = await publishedPosts(app);
    await page.addInitScript(() => {
      const w = window as unknown as { shared: unknown[]; cancelShare: boolean; cancelled: number };
      w.shared = [];
      w.cancelShare = false;
      w.cancelled = 0;
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: (data: unknown) => {
          if (w.cancelShare) {
            w.cancelled++;
            return Promise.reject(new DOMException("Share canceled", "AbortError"));
          }
          w.shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto(`/blog/${post!.slug}`);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Shared successfully!")).toBeVisible();
    const shared = await page.evaluate(
      () => (window as unknown as { shared: { title: string; url: string }[] }).shared,
    );
    expect(shared).toEqual([expect.objectContaining({ title: post!.title, url: `${app.url}/blog/${post!.slug}` })]);

    await page.evaluate(() => ((window as unknown as { cancelShare: boolean }).cancelShare = true));
    await page.getByRole("button", { name: "Share" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { cancelled: number }).cancelled)).toBe(1);
    // Share once more: any toast of the cancelled share would be on screen before this one's.
    await page.evaluate(() => ((window as unknown as { cancelShare: boolean }).cancelShare = false));
    await page.getByRole("button", { name: "Share" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length)).toBe(2);
    await expect(page.getByText("Shared successfully!").last()).toBeVisible();
    await expect(page.getByText("Link copied!")).toHaveCount(0);
    await expect(page.getByText("Unable to copy link")).toHaveCount(0);
  });

  test("a missing article answers 404 with a way back", async ({ page }) => {
    const response = await page.goto("/blog/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await expect(page.getByText("The article you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards(page)).toHaveCount(6);
  });
});
