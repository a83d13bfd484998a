import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

type App = {
  testing: {
    schema: typeof import("../../../server/db/schema.ts");
    getDatabase: () => { db: import("../../../server/db/client.ts").Db };
  };
};

const SVG_MESSAGE = "SVG files are not accepted (they can carry scripts). Upload a JPEG, PNG, WebP, GIF or AVIF image.";
const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>document.title = ' +
    '"pwned"</script><rect width="200" height="100" fill="red"/></svg>',
);

/** A chart-like PNG a person might upload: wider than the largest size, so all three are made. */
const chartPng = () =>
  sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .composite([
      {
        input: { create: { width: 800, height: 300, channels: 3, background: { r: 250, g: 200, b: 30 } } },
        left: 200,
        top: 400,
      },
    ])
    .png()
    .toBuffer();

test.describe("back office: images", () => {
  // The refused SVG's 415, which Chromium reports in the console; nothing else may appear there.
  test.use({
    expectedConsoleErrors: [/status of 415 \(Unsupported Media Type\) \(http:\/\/[^)]+\/api\/admin\/images\)$/],
  });
  test("an editor uploads a PNG with the editor's image button and sees it in the article; an SVG with a script is refused with the reason", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    await page.goto("/admin/knowledgebase/new");
    await waitForHydration(page);
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await page.getByLabel("Title").fill(`Reading the chart ${Date.now()}`);
    const body = page.getByRole("textbox", { name: "Article" });
    await body.click();
    await page.keyboard.type("The signal on the 4-hour chart:");

    await toolbar.getByRole("button", { name: "Image" }).click();
    await expect(toolbar.getByRole("button", { name: "Image" })).toHaveAttribute("aria-expanded", "true");
    const panel = page.getByRole("group", { name: "Image" });
    // An SVG named like a PNG and declared as one: refused by its content, with the reason.
    await panel
      .getByLabel("Image to insert")
      .setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: SVG_WITH_SCRIPT });
    await expect(panel.getByRole("alert")).toHaveText(SVG_MESSAGE);
    await expect(panel.getByRole("button", { name: "Insert image" })).toBeDisabled();
    await expect(page).not.toHaveTitle("pwned");

    // A real PNG: uploaded, previewed, described, inserted.
    await panel
      .getByLabel("Image to insert")
      .setInputFiles({ name: "eurusd-4h.png", mimeType: "image/png", buffer: await chartPng() });
    const preview = panel.getByRole("img", { name: "Preview of the chosen image" });
    await expect(preview).toBeVisible();
    await expect(panel.getByRole("alert")).toHaveCount(0);
    await expect(preview).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}-1600x800\.webp$/);
    await panel.getByLabel("Alt text").fill("EUR/USD 4-hour chart with the entry zone");
    await expectAccessible(page, "the image panel with a preview");
    await panel.getByRole("button", { name: "Insert image" }).click();
    await expect(panel).toBeHidden();
    const inserted = body.getByRole("img", { name: "EUR/USD 4-hour chart with the entry zone" });
    await expect(inserted).toBeVisible();
    // The browser loaded it: an image that failed would have no natural width.
    await expect
      .poll(() => inserted.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const src = (await inserted.getAttribute("src"))!;
    const hash = src.slice("/uploads/".length, "/uploads/".length + 32);

    await page.getByRole("button", { name: "Create article" }).click();
    await expect(page).toHaveURL(/\/admin\/knowledgebase\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const { db } = (app as App).testing.getDatabase();
    const { knowledgebaseArticles, auditLog } = (app as App).testing.schema;
    const [stored] = await db.select().from(knowledgebaseArticles).where(eq(knowledgebaseArticles.id, id));
    expect(stored!.content).toContain(
      `<img src="${src}" srcset="/uploads/${hash}-480x240.webp 480w, /uploads/${hash}-960x480.webp 960w, ${src} 1600w" ` +
        ('sizes="(min-width: 48rem) 48rem, 100vw" width="1600" height="800" loading="lazy" ' +
          'alt="EUR/USD 4-hour chart with the entry zone"'),
    );
    const [upload] = await db.select().from(auditLog).where(eq(auditLog.targetId, hash)).orderBy(desc(auditLog.id));
    expect(upload).toMatchObject({ action: "image.uploaded", actorRole: "editor" });

    // After a reload the stored article shows the image again.
    await page.reload();
    await expect(
      page
        .getByRole("textbox", { name: "Article" })
        .getByRole("img", { name: "EUR/USD 4-hour chart with the entry zone" }),
    ).toBeVisible();

    // Served as WebP, cached for good, never sniffed.
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("an image dropped on the field is uploaded and previewed; Remove takes it out again", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    await page.goto("/admin/knowledgebase/new");
    await waitForHydration(page);
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Image" }).click();
    const panel = page.getByRole("group", { name: "Image" });
    const field = panel.locator('[data-slot="image-upload-field"] .border-dashed');
    const png = (await chartPng()).toString("base64");
    // A file dragged from the desktop, as the browser hands it to the page.
    const dataTransfer = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
      return transfer;
    }, png);
    await field.dispatchEvent("dragover", { dataTransfer });
    await field.dispatchEvent("drop", { dataTransfer });
    const preview = panel.getByRole("img", { name: "Preview of the chosen image" });
    await expect(preview).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}-1600x800\.webp$/);
    await expect(panel.getByRole("button", { name: "Insert image" })).toBeEnabled();
    await panel.getByRole("button", { name: "Remove image" }).click();
    await expect(preview).toHaveCount(0);
    await expect(panel.getByRole("button", { name: "Choose image" })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Insert image" })).toBeDisabled();
  });

  test("the public blog shows an uploaded hero and body image with srcset, sizes, width and height; seeded images keep working", async ({
    page,
    app,
    context,
  }) => {
    // Upload as an editor would, through the endpoint the image field uses.
    await signUpStaff(app, context, "editor");
    await page.goto("/admin");
    const answer = await page.request.post("/api/admin/images", {
      headers: { origin: new URL(page.url()).origin },
      multipart: { file: { name: "hero.png", mimeType: "image/png", buffer: await chartPng() } },
    });
    expect(answer.status()).toBe(200);
    const { src } = (await answer.json()) as { src: string };
    const hash = src.slice("/uploads/".length, "/uploads/".length + 32);
    const srcset = `/uploads/${hash}-480x240.webp 480w, /uploads/${hash}-960x480.webp 960w, ${src} 1600w`;

    // The newest post gets the upload as its hero and in its body, for this test only.
    const { db } = (app as App).testing.getDatabase();
    const { blogPosts } = (app as App).testing.schema;
    const [post] = await db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(desc(blogPosts.createdAt))
      .limit(1);
    const [second] = await db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(desc(blogPosts.createdAt))
      .offset(1)
      .limit(1);
    await db
      .update(blogPosts)
      .set({ image: src, content: `${post!.content}<p>The chart:</p><img src="${src}" alt="The chart in the body">` })
      .where(eq(blogPosts.id, post!.id));
    try {
      await context.clearCookies();
      // A query string of its own keeps these views out of the anonymous page cache.
      await page.goto("/blog?view=uploads");
      const card = page
        .locator('[data-slot="blog-post-card"]', { hasText: post!.title })
        .getByRole("img", { name: post!.title });
      await expect(card).toHaveAttribute("srcset", srcset);
      await expect(card).toHaveAttribute("sizes", /50vw/);
      await expect(card).toHaveAttribute("width", "1600");
      await expect(card).toHaveAttribute("height", "800");
      // A seeded post's image is as before: one address, the standard box.
      const seeded = page
        .locator('[data-slot="blog-post-card"]', { hasText: second!.title })
        .getByRole("img", { name: second!.title });
      await expect(seeded).toHaveAttribute("src", second!.image);
      await expect(seeded).not.toHaveAttribute("srcset", /./);
      await expect(seeded).toHaveAttribute("width", "1200");

      await page.goto(`/blog/${post!.slug}?view=uploads`);
      const hero = page.getByRole("article").getByRole("img", { name: post!.title, exact: true });
      await expect(hero).toHaveAttribute("srcset", srcset);
      await expect(hero).toHaveAttribute("sizes", "(min-width: 64rem) 64rem, 100vw");
      await expect
        .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const inBody = page.getByRole("img", { name: "The chart in the body" });
      await expect(inBody).toHaveAttribute("srcset", srcset);
      await expect(inBody).toHaveAttribute("sizes", "(min-width: 48rem) 48rem, 100vw");
      await expect(inBody).toHaveAttribute("width", "1600");
      await expect(inBody).toHaveAttribute("height", "800");
    } finally {
      await db.update(blogPosts).set({ image: post!.image, content: post!.content }).where(eq(blogPosts.id, post!.id));
    }
  });

  test("the upload endpoint refuses an oversized body at once with 413 and the reason, and others than editors get 404", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "support");
    await page.goto("/admin");
    const origin = new URL(page.url()).origin;
    const small = await page.request.post("/api/admin/images", {
      headers: { origin },
      multipart: { file: { name: "a.png", mimeType: "image/png", buffer: await chartPng() } },
    });
    expect(small.status()).toBe(404);
    const big = await page.request.post("/api/admin/images", {
      headers: { origin },
      multipart: { file: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 1) } },
    });
    expect(big.status()).toBe(413);
    expect(await big.json()).toEqual({ ok: false, error: "The image is larger than 5 MB. Choose a smaller file." });
  });
});
