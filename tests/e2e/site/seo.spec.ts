import type { Page } from "@playwright/test";
import { desc, eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";

// The demo brand (BRAND_NAME is unset in the browser tests), so /why-{product} is /why-novasignals.
const BRAND = "NovaSignals";
const PUBLIC_PATHS = [
  "/",
  "/signals",
  "/indicator",
  "/why-novasignals",
  "/pricing",
  "/results",
  "/blog",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
];

type Testing = typeof import("../support/server-entry.ts");

/** Published posts newest first, and the seed's one draft, read straight from the database. */
async function posts(app: { testing: Testing }) {
  const { db } = app.testing.getDatabase();
  const { blogPosts } = app.testing.schema;
  const published = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt));
  const drafts = await db.select().from(blogPosts).where(eq(blogPosts.published, false));
  expect(published.length).toBeGreaterThan(0);
  expect(drafts.length).toBeGreaterThan(0);
  return { published, drafts };
}

/**
 * A seeded article: other specs of the worker publish posts of their own (with or without an
 * excerpt or image), so "the newest post" is not always one whose tags are known.
 */
const SEEDED_SLUG = "depositing-usdt-on-trc20";
const seeded = (published: Awaited<ReturnType<typeof posts>>["published"]) => {
  const post = published.find((p) => p.slug === SEEDED_SLUG);
  expect(post, `the seeded post ${SEEDED_SLUG}`).toBeTruthy();
  return post!;
};

/** Every JSON-LD node on the page, with @graph and nested objects flattened. */
async function jsonLdNodes(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const nodes: Record<string, unknown>[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const node = value as Record<string, unknown>;
    if ("@type" in node) nodes.push(node);
    Object.values(node).forEach(visit);
  };
  for (const block of blocks) visit(JSON.parse(block));
  return nodes;
}

const hasType = (node: Record<string, unknown>, ...types: string[]) =>
  [node["@type"]].flat().some((t) => types.includes(String(t)));

/** A head tag's content, read at once (a missing tag is null, not a wait). */
const content = (page: Page, selector: string) =>
  page.evaluate((s) => document.head.querySelector(s)?.getAttribute("content") ?? null, selector);

test.describe("sitemap, robots and feed", () => {
  test("the sitemap lists every public page and every published post, never a draft", async ({ request, app }) => {
    const { published, drafts } = await posts(app);
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=300");
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );

    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of PUBLIC_PATHS) expect(locs, path).toContain(`${app.url}${path}`);
    for (const post of published) {
      // lastmod: the last change, never before the publication.
      const lastChange = Math.max(post.updatedAt.getTime(), post.publishedAt?.getTime() ?? 0, post.createdAt.getTime());
      expect(xml).toContain(
        `<url><loc>${app.url}/blog/${post.slug}</loc><lastmod>${new Date(lastChange).toISOString()}</lastmod></url>`,
      );
    }
    for (const draft of drafts) expect(xml).not.toContain(draft.slug);
    // Nothing else: the public pages and the published posts, each once.
    expect(locs).toHaveLength(PUBLIC_PATHS.length + published.length);
    expect(new Set(locs).size).toBe(locs.length);
  });

  test("robots.txt allows the site, keeps private paths out and names the sitemap", async ({ request, app }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=300");
    const lines = (await response.text()).split("\n").map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/dashboard", "/api/", "/join/", "/reset-password"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.filter((l) => l.startsWith("Disallow:"))).toHaveLength(4);
    expect(lines).toContain(`Sitemap: ${app.url}/sitemap.xml`);
  });

  test("the RSS feed lists published posts newest first, never a draft", async ({ request, app }) => {
    const { published, drafts } = await posts(app);
    const response = await request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/rss\+xml/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=300");
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    const channel = xml.split("<item>")[0]!;
    expect(channel).toContain(`<title>${BRAND}</title>`);
    expect(channel).toContain(`<link>${app.url}/blog</link>`);

    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(published.length);
    const text = (s: string) =>
      s
        .replaceAll("&", "&amp;")
        .replaceAll("<", "&lt;")
        .replaceAll(">", "&gt;")
        .replaceAll('"', "&quot;")
        .replaceAll("'", "&apos;");
    published.forEach((post, i) => {
      const item = items[i]!;
      const link = `${app.url}/blog/${post.slug}`;
      expect(item).toContain(`<title>${text(post.title)}</title>`);
      expect(item).toContain(`<link>${link}</link>`);
      expect(item).toContain(`>${link}</guid>`);
      expect(item).toContain(`<pubDate>${post.createdAt.toUTCString()}</pubDate>`);
      expect(item).toContain(`<description>${text(post.excerpt)}</description>`);
      expect(item).toContain(`<category>${text(post.category)}</category>`);
    });
    // RFC 822 dates, strictly newest first.
    const dates = items.map((item) => Date.parse(/<pubDate>([^<]+)<\/pubDate>/.exec(item)![1]!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const draft of drafts) expect(xml).not.toContain(draft.slug);
  });
});

test.describe("page metadata", () => {
  test("every public page has a unique title, a description, a canonical URL and preview tags", async ({
    page,
    app,
  }) => {
    test.setTimeout(60_000);
    const { published } = await posts(app);
    const paths = [...PUBLIC_PATHS, `/blog/${seeded(published).slug}`];
    const titles = new Map<string, string>();
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const title = await page.title();
      expect(title, path).toContain(BRAND);
      expect(titles.get(title), `${path} shares its title "${title}"`).toBeUndefined();
      titles.set(title, path);

      expect(await content(page, 'meta[name="description"]'), `${path} description`).toBeTruthy();
      await expect(page.locator('head link[rel="canonical"]'), path).toHaveCount(1);
      await expect(page.locator('head link[rel="canonical"]'), path).toHaveAttribute("href", `${app.url}${path}`);
      expect(await content(page, 'meta[property="og:title"]'), `${path} og:title`).toBeTruthy();
      expect(await content(page, 'meta[property="og:image"]'), `${path} og:image`).toMatch(/^https?:\/\//);
      expect(await content(page, 'meta[name="twitter:card"]'), `${path} twitter:card`).toMatch(/^summary/);
    }
  });

  test("the home page describes the organization in JSON-LD", async ({ page, app }) => {
    await page.goto("/");
    const organization = (await jsonLdNodes(page)).find((node) => hasType(node, "Organization"));
    expect(organization, "Organization JSON-LD").toBeTruthy();
    expect(organization!.name).toBe(BRAND);
    expect(String(organization!.url).replace(/\/$/, "")).toBe(app.url);
  });

  test("an article is an Article in JSON-LD and in Open Graph", async ({ page, app }) => {
    const { published } = await posts(app);
    const post = seeded(published);
    await page.goto(`/blog/${post.slug}`);
    expect(await content(page, 'meta[property="og:type"]')).toBe("article");
    // The article's own image in link previews, as an absolute address of its 1200×630 JPEG
    // (the seeded heroes are SVG, which link previews do not read).
    expect(post.image).toMatch(/^\/images\/.+\.svg$/);
    const image = `${app.url}/og${post.image}.jpg`;
    expect(await content(page, 'meta[property="og:image"]')).toBe(image);
    expect(await content(page, 'meta[name="twitter:image"]')).toBe(image);
    expect(await content(page, 'meta[property="og:title"]')).toContain(post.title);
    const article = (await jsonLdNodes(page)).find((node) => hasType(node, "Article", "BlogPosting", "NewsArticle"));
    expect(article, "Article JSON-LD").toBeTruthy();
    expect(article!.headline).toBe(post.title);
    expect(String(article!.datePublished)).toContain(post.date);
    expect(JSON.stringify(article!.author)).toContain(post.author);
  });

  test("an article without an excerpt or image is described by its first words, with the site's image", async ({
    page,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { blogPosts } = app.testing.schema;
    const slug = `bare-${Date.now()}`;
    await db.insert(blogPosts).values({
      slug,
      title: "Bare article",
      content: "<h2>Why</h2><p>Funding rates &amp; open interest tell you <strong>who</strong> is crowded.</p>",
      category: "News",
      date: "2026-11-24",
      image: "",
      author: "Editor",
      published: true,
    });
    try {
      await page.goto(`/blog/${slug}`);
      expect(await content(page, 'meta[name="description"]')).toBe(
        "Why Funding rates & open interest tell you who is crowded.",
      );
      expect(await content(page, 'meta[property="og:image"]')).toBe(`${app.url}/images/og-default.png`);
    } finally {
      await db.delete(blogPosts).where(eq(blogPosts.slug, slug));
    }
  });

  test("the pricing page lists its plans as products with offers in JSON-LD", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { pricing } = app.testing.schema;
    const plans = await db.select().from(pricing).where(eq(pricing.published, true));
    await page.goto("/pricing");
    const nodes = await jsonLdNodes(page);
    const products = nodes.filter((node) => hasType(node, "Product"));
    // One product per published plan, each offered at its monthly price in USDT.
    expect(products.map((p) => p.name).sort()).toEqual(plans.map((p) => p.name).sort());
    for (const product of products) {
      const plan = plans.find((p) => p.name === product.name)!;
      const offer = product.offers as Record<string, unknown>;
      expect(hasType(offer, "Offer"), `${plan.name} offer`).toBe(true);
      expect(Number(offer.price)).toBe(Number(plan.price) / 1_000_000);
      expect(offer.priceCurrency).toBe("USDT");
    }
  });
});
