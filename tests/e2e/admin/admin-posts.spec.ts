import type { Page, Request } from "@playwright/test";
import { eq, like, or } from "drizzle-orm";
import sharp from "sharp";
import { answered, intent } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { insertPosts } from "../support/content";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

type Schema = typeof import("../../../server/db/schema.ts");

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/** "2026-11-23T14:05" in the browser's zone: what a datetime-local input takes. */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

test.describe("back office: Posts", () => {
  // The worker's database is shared with other specs (the blog, the feed, the sitemap): the posts made here go.
  test.afterEach(async ({ app }) => {
    const { db } = app.testing.getDatabase();
    const { blogPosts } = app.testing.schema as Schema;
    await db
      .delete(blogPosts)
      .where(or(like(blogPosts.slug, "weekly-risk-brief-%"), like(blogPosts.slug, "hostile-%")));
  });

  test("an editor writes a post (autosaved), previews it, schedules it; the job publishes it to /blog, the feed and the sitemap", async ({
    page,
    app,
    context,
  }) => {
    // A long walk through several pages and browsers: three times the usual time, for a loaded machine.
    test.slow();
    await signUpStaff(app, context, "editor");
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Back office sections" }).getByRole("link", { name: "Posts" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Posts");
    await expect(page.getByRole("table", { name: "Posts" })).toContainText("Q4 2026 Outlook");
    await expectAccessible(page, "the posts list");

    await page.getByRole("link", { name: "New post" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New post");
    const stamp = Date.now();
    const title = `Weekly risk brief ${stamp}`;
    const slug = `weekly-risk-brief-${stamp}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    // The slug follows the title until someone edits it.
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    const state = page.getByTestId("save-state");
    // Autosave: the draft is stored once typing stops, and the page takes the post's own address.
    await expect(state).toHaveText("Saved");
    await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const { db } = app.testing.getDatabase();
    const { blogPosts, auditLog } = app.testing.schema as Schema;
    const stored = async () => (await db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!;
    expect(await stored()).toMatchObject({ title, slug, published: false });

    await page.getByLabel("Category").fill("Risk Management");
    await page.getByLabel("Author", { exact: true }).fill("Mira Hoffmann");
    await page.getByLabel("Author role").fill("Head of Risk");
    await page.getByLabel("Excerpt").fill("What to watch this week, and how much to risk.");
    // The hero image is uploaded (resized to WebP sizes) and the field holds its address.
    const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    await page.getByLabel("Hero image").setInputFiles({ name: "hero.png", mimeType: "image/png", buffer: png });
    await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toHaveAttribute(
      "src",
      /^\/uploads\/[0-9a-f]{32}-1200x630\.webp$/,
    );
    const body = page.getByRole("textbox", { name: "Body" });
    await body.click();
    await page.keyboard.type("Keep every position at one percent of the account.");
    await page.getByLabel("SEO title").fill(`Risk brief for traders ${stamp}`);
    await expect(state).toHaveText("Saved");
    await expect
      .poll(async () => (await stored()).content)
      .toBe("<p>Keep every position at one percent of the account.</p>");
    expect((await stored()).seoTitle).toBe(`Risk brief for traders ${stamp}`);
    expect((await stored()).image).toMatch(/^\/uploads\/[0-9a-f]{32}-1200x630\.webp$/);
    await expectAccessible(page, "the post editor");

    // Preview: the public page's rendering of what the editor holds, not yet saved.
    await page.getByLabel("Excerpt").fill("An unsaved excerpt for the preview.");
    const [preview] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Preview" }).click(),
    ]);
    await preview.waitForURL(/\/admin\/posts\/preview\/[0-9a-f]{32}$/);
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(preview.getByText("Keep every position at one percent of the account.")).toBeVisible();
    await expect(preview.getByRole("heading", { name: "Related Articles" })).toBeVisible();
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(preview).toHaveTitle(new RegExp(`^Risk brief for traders ${stamp}`));
    await expect(preview.locator('meta[property="og:description"]')).toHaveAttribute(
      "content",
      "An unsaved excerpt for the preview.",
    );
    await expectAccessible(preview, "the post's preview");
    await preview.close();

    // Schedule: a time in the past is refused; a future one is kept. Words typed just before go
    // with the schedule (the autosave they started gives way to it).
    await expect(state).toHaveText("Saved");
    await body.getByText("Keep every position").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Size down after two losses.");
    // The dialog's form posts only itself, never the editor's form around it too: that form's
    // "save", on the editor's one fetcher, would replace the schedule's answer and its toast.
    const explicitSaves: string[] = [];
    const recordSave = (request: Request) => {
      if (request.method() !== "POST") return;
      const sent = request.postDataJSON() as { intent?: string; autosave?: boolean } | null;
      if (sent?.intent === "save" && !sent.autosave) explicitSaves.push(request.url());
    };
    page.on("request", recordSave);
    await page.getByRole("button", { name: "Schedule…" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule this post" });
    await dialog.getByLabel(/Publish at/).fill(localInput(new Date(Date.now() - 2 * 3_600_000)));
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await expect(dialog.getByText("Choose a time in the future to schedule the post.")).toBeVisible();
    const at = new Date(Date.now() + 2 * 3_600_000);
    await dialog.getByLabel(/Publish at/).fill(localInput(at));
    // The toast follows the server's answer, which a loaded machine may take longer than an expect's 10 s to give.
    const scheduling = await answered(
      page,
      () => dialog.getByRole("button", { name: "Schedule" }).click(),
      intent("schedule"),
    );
    expect(scheduling.status()).toBe(200);
    // The toast comes once the page's data is loaded again after the answer ("Saving…" until then).
    await expect(state).not.toHaveText("Saving…", { timeout: 60_000 });
    await expect(toast(page, "Scheduled.")).toBeVisible();
    await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
    page.off("request", recordSave);
    expect(explicitSaves).toEqual([]);
    const scheduled = await stored();
    expect(scheduled.content).toBe(
      "<p>Keep every position at one percent of the account. Size down after two losses.</p>",
    );
    expect(scheduled.published).toBe(false);
    expect(scheduled.scheduledAt).toBeInstanceOf(Date);
    expect((await fetch(`${app.url}/blog/${slug}`)).status).toBe(404);

    // /blog as an anonymous visitor gets it, stored in the page cache before the post goes public.
    await fetch(`${app.url}/blog`);
    const cached = await fetch(`${app.url}/blog`);
    expect(cached.headers.get("x-page-cache")).toBe("HIT");
    expect(await cached.text()).not.toContain(title);

    // The scheduled-posts job, run as the server runs it, at a time past the schedule.
    expect(await app.testing.publishDuePosts({ db, now: new Date(scheduled.scheduledAt!.getTime() + 1000) })).toBe(1);
    expect(await stored()).toMatchObject({ published: true, scheduledAt: null });
    const audited = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audited.map((e) => e.action)).toEqual(
      expect.arrayContaining(["post.created", "post.updated", "post.scheduled", "post.published"]),
    );

    // The blog table's trigger emptied the page cache: the visitor sees the post at once.
    await expect.poll(async () => (await (await fetch(`${app.url}/blog`)).text()).includes(title)).toBe(true);
    expect(await (await fetch(`${app.url}/blog/rss.xml`)).text()).toContain(`<title>${title}</title>`);
    expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).toContain(`/blog/${slug}</loc>`);
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(`^Risk brief for traders ${stamp}`));
    const hero = page.getByRole("img", { name: title });
    await expect(hero).toHaveAttribute("srcset", /\/uploads\/[0-9a-f]{32}-480x252\.webp 480w/);
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // Back in the editor the post is published: no autosave; leaving with changes asks first.
    await page.goto(`/admin/posts/${id}`);
    await waitForHydration(page);
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(`${title} (updated)`);
    await expect(state).toHaveText("Unsaved changes");
    await page.getByRole("link", { name: "All posts" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await leave.getByRole("button", { name: "Stay and keep editing" }).click();
    await answered(page, () => page.getByRole("button", { name: "Update" }).click(), intent("save"));
    await expect(toast(page, "Saved.")).toBeVisible();
    expect((await stored()).title).toBe(`${title} (updated)`);
  });

  test("a hostile body (script, event handlers, javascript: links) is neutralised on the public page", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    const slug = `hostile-${Date.now()}`;
    // Not something the editor's toolbar writes: a crafted request straight to the editor's action.
    const answer = await page.request.post("/admin/posts/new", {
      headers: { Origin: app.url, "content-type": "application/json" },
      data: {
        intent: "publish",
        title: "Hostile body",
        slug,
        category: "Security",
        excerpt: "Nothing in here runs.",
        author: "Mallory",
        authorRole: "",
        image: "/images/blog/funding-rates-explained.svg",
        content:
          '<p onclick="window.__pwned = 1">Read <a href="javascript:window.__pwned=2">this</a> and ' +
          '<a href=" JavaScript:window.__pwned=3">that</a>.</p>' +
          ('<script>window.__pwned = 4</script><img src="/images/blog/funding-rates-explained.svg" ' +
            'alt="A chart" onerror="window.__pwned = 5" onload="window.__pwned = 6">') +
          '<svg><script>window.__pwned = 7</script></svg><iframe src="javascript:window.__pwned=8"></iframe>',
      },
    });
    expect(answer.status()).toBe(200);
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hostile body");
    const article = page.locator(".prose-content");
    await expect(article).toContainText("Read this and that.");
    // The javascript: links lost their addresses (no longer links); clicking them, and the paragraph, runs nothing.
    await expect(article.getByRole("link")).toHaveCount(0);
    await article.getByText("this", { exact: true }).click();
    await article.getByText("that", { exact: true }).click();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    const html = await article.innerHTML();
    expect(html).not.toMatch(/onclick|onerror|onload|javascript:|<script|<iframe|<svg/i);
    await expectAccessible(page, "the published hostile post");
  });

  test("a post written before the editor keeps its table through an edit and a save", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    const { db } = app.testing.getDatabase();
    const { blogPosts } = app.testing.schema as Schema;
    const table =
      '<table><thead><tr><th scope="col">Account</th><th scope="col">Risk per trade</th></tr></thead>' +
      ("<tbody><tr><td>$1,000</td><td>1% (<strong>$10</strong>)</td></tr><tr><td " +
        'colspan="2">Stops decide the size</td></tr></tbody></table>');
    const [post] = await insertPosts(app, [
      {
        slug: `weekly-risk-brief-table-${Date.now()}`,
        title: "Sizing table",
        content: `<p>Before the table.</p>${table}<p>After it.</p>`,
        image: "",
      },
    ]);
    await page.goto(`/admin/posts/${post!.id}`);
    await waitForHydration(page);
    const body = page.getByRole("textbox", { name: "Body" });
    await expect(body.getByRole("table")).toContainText("Risk per trade");
    // An edit elsewhere in the body: the draft is autosaved with the table as it was.
    await body.getByText("After it.").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Updated.");
    await expect(page.getByTestId("save-state")).toHaveText("Saved");
    const [stored] = await db.select({ content: blogPosts.content }).from(blogPosts).where(eq(blogPosts.id, post!.id));
    expect(stored!.content).toBe(`<p>Before the table.</p>${table}<p>After it. Updated.</p>`);
  });

  test("a published post's editor links to the live post, which opens in a new tab; a draft has no such link", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    const slug = `weekly-risk-brief-live-${Date.now()}`;
    const [post] = await insertPosts(app, [
      { slug, title: "Live risk brief", published: true, publishedAt: new Date() },
    ]);
    await page.goto(`/admin/posts/${post!.id}`);
    await waitForHydration(page);
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    const live = page.getByRole("link", { name: "View on the blog" });
    await expect(live).toHaveAttribute("href", `/blog/${slug}`);
    await expectAccessible(page, "a published post's editor");
    const [tab] = await Promise.all([context.waitForEvent("page"), live.click()]);
    await expect(tab).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Live risk brief");
    await tab.close();

    // Unpublished, it is a draft again: nothing live to link to.
    await page.getByRole("button", { name: "Unpublish" }).click();
    const confirm = page.getByRole("dialog", { name: "Unpublish this post?" });
    await answered(page, () => confirm.getByRole("button", { name: "Unpublish" }).click(), intent("unpublish"));
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "View on the blog" })).toHaveCount(0);
  });
});
