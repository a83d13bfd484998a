import type { Page, Route } from "@playwright/test";
import { like } from "drizzle-orm";
import sharp from "sharp";
import { answered, intent } from "../support/answered";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

type Schema = typeof import("../../../server/db/schema.ts");

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/**
 * Holds the answer to a new post's first autosave: the server gets the request and creates the
 * post at once, the browser sees it in flight until `release`. Later requests pass untouched.
 */
async function holdFirstAutosave(page: Page) {
  let stored!: () => void;
  const created = new Promise<void>((resolve) => (stored = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route("**/admin/posts/new*", async (route: Route) => {
    const sent = route.request().method() === "POST" ? route.request().postDataJSON() : null;
    if (held || !(sent?.intent === "save" && sent.autosave)) return route.fallback();
    held = true;
    const response = await route.fetch();
    stored();
    await released;
    // The browser may have given up on this request by now; what it missed is what the test is about.
    await route.fulfill({ response }).catch(() => undefined);
  });
  return { created, release };
}

test.describe("back office: a new post's first save", () => {
  test.afterEach(async ({ app }) => {
    const { db } = app.testing.getDatabase();
    const { blogPosts } = app.testing.schema as Schema;
    await db.delete(blogPosts).where(like(blogPosts.slug, "first-save-brief-%"));
  });

  test("Publish confirmed while the autosave that creates the post is in flight publishes that one post", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    const autosave = await holdFirstAutosave(page);
    await page.goto("/admin/posts/new");
    await waitForHydration(page);

    // Everything publishing needs but the title: without a title nothing is autosaved yet.
    const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    await page.getByLabel("Hero image").setInputFiles({ name: "hero.png", mimeType: "image/png", buffer: png });
    await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await page.getByLabel("Category").fill("Risk Management");
    await page.getByLabel("Author", { exact: true }).fill("Mira Hoffmann");
    await page.getByLabel("Excerpt").fill("What to watch this week, and how much to risk.");
    await page.getByRole("textbox", { name: "Body" }).click();
    await page.keyboard.type("Keep every position at one percent of the account.");

    // The title completes the draft; Publish now is pressed before typing has paused long enough
    // for the autosave, which then starts while its question is on screen.
    const stamp = Date.now();
    await page.getByLabel("Title", { exact: true }).fill(`First save brief ${stamp}`);
    await page.getByRole("button", { name: "Publish now" }).click();
    const confirm = page.getByRole("dialog", { name: "Publish this post now?" });
    await expect(confirm).toBeVisible();
    await autosave.created;

    const publishing = answered(
      page,
      async () => {
        await confirm.getByRole("button", { name: "Publish" }).click();
        autosave.release();
      },
      intent("publish"),
    );
    expect((await publishing).status()).toBe(200);
    await expect(page.getByTestId("save-state")).not.toHaveText("Saving…", { timeout: 60_000 });
    await expect(toast(page, "Published: readers see it on the blog now.")).toBeVisible();
    await expect(page.getByText("Published", { exact: true })).toBeVisible();

    const { db } = app.testing.getDatabase();
    const { blogPosts } = app.testing.schema as Schema;
    const posts = await db
      .select()
      .from(blogPosts)
      .where(like(blogPosts.slug, `first-save-brief-${stamp}%`));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ title: `First save brief ${stamp}`, published: true });
    await expect(page).toHaveURL(new RegExp(`/admin/posts/${posts[0]!.id}$`));
  });
});
