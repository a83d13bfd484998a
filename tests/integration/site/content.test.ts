import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getBlogPost } from "#server/content/get-blog-post";
import { listBlogPosts } from "#server/content/list-blog-posts";
import { listRelatedPosts } from "#server/content/list-related-posts";
import { listResults } from "#server/content/list-results";
import { seedDemoContentIfEmpty } from "#server/content/seed-demo-content";
import { blogPosts, results } from "#server/db/schema";
import { describeEachDatabase } from "../../helpers/database";

describeEachDatabase("public content", (database) => {
  beforeAll(async () => {
    await seedDemoContentIfEmpty({ db: database().db, brandName: "Acme Signals" });
  });

  it("lists one type of published results by display order", async () => {
    const db = database().db;
    const all = await db.select().from(results);
    for (const type of ["broadcastai", "forex", "high_lev_futures", "low_lev_futures", "spot"] as const) {
      const listed = await listResults({ db, type });
      const expected = all
        .filter((r) => r.type === type && r.published)
        .sort((a, b) => a.displayOrder - b.displayOrder)
        .map((r) => r.id);
      expect(
        listed.map((r) => r.id),
        type,
      ).toEqual(expected);
      expect(listed.every((r) => r.type === type)).toBe(true);
    }
    // The seeded draft (high leverage, unpublished) never appears.
    const draft = all.find((r) => !r.published)!;
    expect((await listResults({ db, type: draft.type })).map((r) => r.id)).not.toContain(draft.id);
    // Percentages arrive as numbers, negative totals included.
    const spot = await listResults({ db, type: "spot" });
    expect(spot.some((r) => r.totalPercentage < 0)).toBe(true);
    expect(typeof spot[0]!.winRate).toBe("number");
  });

  it("lists published posts newest first and pages through them", async () => {
    const db = database().db;
    const published = (await db.select().from(blogPosts).where(eq(blogPosts.published, true))).sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    );
    const first = await listBlogPosts({ db, limit: 6 });
    expect(first.total).toBe(published.length);
    expect(first.posts.map((p) => p.slug)).toEqual(published.slice(0, 6).map((p) => p.slug));
    const second = await listBlogPosts({ db, limit: 6, offset: 6 });
    expect(second.posts.map((p) => p.slug)).toEqual(published.slice(6, 12).map((p) => p.slug));
    const all = await listBlogPosts({ db, limit: 12 });
    expect(all.posts).toHaveLength(published.length);
    expect(all.posts.map((p) => p.slug)).not.toContain("q4-2026-market-outlook");
    // The list carries no article bodies.
    expect(Object.keys(first.posts[0]!).sort()).toEqual([
      "author",
      "authorRole",
      "category",
      "date",
      "excerpt",
      "image",
      "slug",
      "title",
    ]);
  });

  it("searches title, excerpt, category and article text, in any case", async () => {
    const db = database().db;
    const slugs = async (search: string) => (await listBlogPosts({ db, search, limit: 50 })).posts.map((p) => p.slug);
    // Title.
    expect(await slugs("FUNDING RATES")).toContain("funding-rates-explained");
    // Excerpt.
    expect(await slugs("single losing signal")).toEqual(["position-sizing-the-one-percent-rule"]);
    // Category.
    expect(new Set(await slugs("product updates"))).toEqual(
      new Set(["inside-our-tradingview-indicator", "how-telegram-signal-delivery-works", "depositing-usdt-on-trc20"]),
    );
    // Article text, including text inside formatting tags.
    expect(await slugs("Position Size</strong>")).toEqual([]);
    expect(await slugs("never risk more than 1% of your account")).toEqual(["position-sizing-the-one-percent-rule"]);
    // A phrase runs on through bold text, and extra spaces in the term do not matter.
    expect(await slugs("an amount of initial margin equal to")).toEqual(["leverage-explained-liquidation-risk"]);
    expect(await slugs("  amount of   INITIAL margin  ")).toEqual(["leverage-explained-liquidation-risk"]);
    // Tag and attribute names are not text: many bodies use <strong>, only one says "strong".
    expect(await slugs("strong")).toEqual(["forex-trading-sessions-guide"]);
    expect(await slugs("href")).toEqual([]);
    expect(await slugs("tbody")).toEqual([]);
    expect(await slugs("<table")).toEqual([]);
    // Unpublished posts never match.
    expect(await slugs("Q4 2026 Outlook")).toEqual([]);
    // Blank means everything; LIKE wildcards are literal.
    expect((await listBlogPosts({ db, search: "   ", limit: 50 })).total).toBe(
      (await listBlogPosts({ db, limit: 50 })).total,
    );
    expect(await slugs("_%_%_")).toEqual([]);
  });

  it("counts every match while returning one page of them", async () => {
    const db = database().db;
    const all = await listBlogPosts({ db, search: "risk", limit: 50 });
    const page = await listBlogPosts({ db, search: "risk", limit: 2 });
    expect(all.total).toBe(all.posts.length);
    expect(page.total).toBe(all.total);
    expect(page.posts.map((p) => p.slug)).toEqual(all.posts.slice(0, 2).map((p) => p.slug));
  });

  it("reads one published article by slug, never a draft", async () => {
    const db = database().db;
    const post = await getBlogPost({ db, slug: "funding-rates-explained" });
    expect(post).toMatchObject({ slug: "funding-rates-explained", category: "Market Analysis" });
    expect(post!.content).toContain("<h2>");
    expect(await getBlogPost({ db, slug: "q4-2026-market-outlook" })).toBeNull();
    expect(await getBlogPost({ db, slug: "no-such-post" })).toBeNull();
  });

  it("cleans an article an editor wrote straight into the database", async () => {
    const db = database().db;
    const slug = "written-in-psql";
    await db.insert(blogPosts).values({
      slug,
      title: "Written in psql",
      content:
        '<p onmouseover="steal()">Hello<script>steal()</script> <a ' +
        'href="javascript:steal()">link</a></p><p>Quiet\u00a0harbour&nbsp;drills</p>',
      category: "News",
      date: "2026-11-01",
      image: "/images/blog/x.svg",
      author: "Editor",
      published: true,
    });
    try {
      expect((await getBlogPost({ db, slug }))!.content).toBe(
        "<p>Hello <a>link</a></p><p>Quiet\u00a0harbour\u00a0drills</p>",
      );
      // No-break spaces, written raw or as an entity, match a plain space in a search.
      expect((await listBlogPosts({ db, search: "quiet harbour drills", limit: 5 })).posts.map((p) => p.slug)).toEqual([
        slug,
      ]);
    } finally {
      await db.delete(blogPosts).where(eq(blogPosts.slug, slug));
    }
  });

  it("relates the three newest other published posts", async () => {
    const db = database().db;
    const newest = (await listBlogPosts({ db, limit: 4 })).posts.map((p) => p.slug);
    const related = await listRelatedPosts({ db, slug: newest[0]! });
    expect(related.map((p) => p.slug)).toEqual(newest.slice(1, 4));
    const other = await listRelatedPosts({ db, slug: "funding-rates-explained" });
    expect(other.map((p) => p.slug)).toEqual(newest.slice(0, 3));
    expect(other.map((p) => p.slug)).not.toContain("q4-2026-market-outlook");

    // With only the post itself and a draft left, nothing is related.
    await db.update(blogPosts).set({ published: false }).where(eq(blogPosts.published, true));
    await db.update(blogPosts).set({ published: true }).where(eq(blogPosts.slug, "funding-rates-explained"));
    expect(await listRelatedPosts({ db, slug: "funding-rates-explained" })).toEqual([]);
  });
});
