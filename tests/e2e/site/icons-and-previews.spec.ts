import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, test } from "../support/fixtures";

// The demo brand (BRAND_NAME is unset in the browser tests).
const BRAND = "NovaSignals";
const SEEDED_SLUG = "depositing-usdt-on-trc20";

/** An image's type and size as its bytes say, not as its headers or its name do. */
async function imageOf(body: Buffer) {
  const { format, width, height } = await sharp(body).metadata();
  return { format, width, height };
}

test.describe("icons, the web app manifest and link-preview images", () => {
  test("every page names its icons, manifest and theme colour, and each is served as what it claims", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const head = page.locator("head");
    await expect(head.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
    await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
    await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(head.locator('meta[name="theme-color"]')).toHaveCount(2);

    const ico = await request.get("/favicon.ico");
    expect(ico.status()).toBe(200);
    expect(ico.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const icoBytes = await ico.body();
    // ICONDIR: reserved 0, type 1 (icon), then the number of images; each entry's first byte is its width.
    expect([icoBytes.readUInt16LE(0), icoBytes.readUInt16LE(2)]).toEqual([0, 1]);
    const widths = Array.from({ length: icoBytes.readUInt16LE(4) }, (_, i) => icoBytes.readUInt8(6 + 16 * i));
    expect(widths).toEqual([16, 32, 48]);

    const touch = await request.get("/apple-touch-icon.png");
    expect(touch.headers()["content-type"]).toBe("image/png");
    expect(await imageOf(await touch.body())).toEqual({ format: "png", width: 180, height: 180 });

    const manifest = await request.get("/manifest.webmanifest");
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const json = (await manifest.json()) as {
      name: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(json.name).toBe(BRAND);
    expect(json.start_url).toBe("/");
    const pngs = json.icons.filter((icon) => icon.type === "image/png");
    expect(pngs.map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of pngs) {
      const answer = await request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
      const size = Number(icon.sizes.split("x")[0]);
      expect(await imageOf(await answer.body()), icon.src).toEqual({ format: "png", width: size, height: size });
    }
  });

  test("link previews get a 1200×630 PNG or JPEG: the site's image, and an article's own", async ({
    page,
    request,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { blogPosts } = app.testing.schema;
    const [post] = await db.select().from(blogPosts).where(eq(blogPosts.slug, SEEDED_SLUG));
    expect(post?.image).toBeTruthy();

    const previews: Record<string, string> = {};
    for (const path of ["/pricing", `/blog/${SEEDED_SLUG}`]) {
      await page.goto(path);
      const image = await page.evaluate(
        () => document.head.querySelector('meta[property="og:image"]')?.getAttribute("content") ?? "",
      );
      const twitter = await page.evaluate(
        () => document.head.querySelector('meta[name="twitter:image"]')?.getAttribute("content") ?? "",
      );
      expect(twitter, path).toBe(image);
      previews[path] = image;
    }
    expect(previews["/pricing"]).toBe(`${app.url}/images/og-default.png`);
    expect(previews[`/blog/${SEEDED_SLUG}`]).toBe(`${app.url}/og${post!.image}.jpg`);

    const site = await request.get(previews["/pricing"]!);
    expect(site.headers()["content-type"]).toBe("image/png");
    expect(await imageOf(await site.body())).toEqual({ format: "png", width: 1200, height: 630 });

    const article = await request.get(previews[`/blog/${SEEDED_SLUG}`]!);
    expect(article.status()).toBe(200);
    expect(article.headers()["content-type"]).toBe("image/jpeg");
    expect(article.headers()["cache-control"]).toBe("public, max-age=86400");
    expect(await imageOf(await article.body())).toEqual({ format: "jpeg", width: 1200, height: 630 });
  });

  test("the preview renderer reads only the site's images and uploads", async ({ request }) => {
    for (const path of [
      "/og/images/blog/no-such-image.svg.jpg",
      "/og/images/og-default.svg",
      "/og/package.json.jpg",
      "/og/images/..%2f..%2fpackage.json.jpg",
      "/og/uploads/0123456789abcdef0123456789abcdef-1x1.webp.jpg",
      "/og/assets/entry.client.js.jpg",
    ]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(404);
      expect(answer.headers()["content-type"], path).toMatch(/^text\/plain/);
    }
  });
});

test.describe("the blog's feed", () => {
  test("the blog and every article name the feed in their head and link it visibly", async ({ page, app }) => {
    for (const path of ["/blog", `/blog/${SEEDED_SLUG}`]) {
      await page.goto(path);
      const alternate = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
      await expect(alternate, path).toHaveCount(1);
      await expect(alternate, path).toHaveAttribute("href", `${app.url}/blog/rss.xml`);
      await expect(alternate, path).toHaveAttribute("title", `${BRAND} blog`);
      await expect(page.getByRole("link", { name: "RSS feed" }), path).toHaveAttribute("href", "/blog/rss.xml");
    }
    // A reader who follows the visible link gets the feed itself.
    const feed = page.waitForResponse((r) => r.url() === `${app.url}/blog/rss.xml`);
    await page.getByRole("link", { name: "RSS feed" }).click();
    const response = await feed;
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/rss\+xml/);
  });
});
