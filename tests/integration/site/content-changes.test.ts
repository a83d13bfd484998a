import { eq, sql } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { CONTENT_CHANNEL, watchContentChanges } from "#server/content/watch-content-changes";
import { blogPosts, pricing, results } from "#server/db/schema";
import { describeEachDatabase } from "../../helpers/database";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

const post = {
  slug: "a-new-post",
  title: "A new post",
  content: "<p>Text</p>",
  category: "News",
  date: "2026-11-22",
  image: "/images/blog/x.svg",
  author: "Ada",
};

describeEachDatabase("content changes are announced to every server", (database, kind) => {
  async function watch() {
    const seen: string[] = [];
    stops.push(await watchContentChanges({ database: database(), onChange: (table) => seen.push(table) }));
    return seen;
  }

  it("names the table after each statement that changes plans, results, posts or their redirects, and nothing else", async () => {
    const seen = await watch();
    const { db } = database();
    await db.insert(blogPosts).values(post);
    await vi.waitFor(() => expect(seen).toEqual(["blog"]));
    await db.update(blogPosts).set({ title: "Renamed" }).where(eq(blogPosts.slug, post.slug));
    await db.insert(pricing).values({ planId: "p1", name: "Plan", price: 10_000_000n });
    await db
      .insert(results)
      .values({ type: "spot", title: "BTC", signals: 1, wins: 1, losses: 0, totalPercentage: 1, winRate: 100 });
    await db.delete(blogPosts).where(eq(blogPosts.slug, post.slug));
    // Deleting a post also deletes its old slugs' redirects (a cascade, its own statement), and
    // those are pages too (a 301 from /blog/<old-slug>).
    await vi.waitFor(() => expect(seen).toEqual(["blog", "blog", "pricing", "results", "blog", "blog_redirects"]));

    // A statement that changes no content table sends nothing; one that touches many rows sends one notice.
    await db.execute(sql`select pg_notify('some_other_channel', 'x')`);
    await db.update(pricing).set({ displayOrder: 2 });
    await vi.waitFor(() => expect(seen).toHaveLength(7));
    expect(seen.at(-1)).toBe("pricing");
  });

  it("stops when told to", async () => {
    const seen = await watch();
    await stops.pop()!();
    await database().db.update(pricing).set({ displayOrder: 3 });
    await database().db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, 'pricing')`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
  });

  // An embedded PGlite has no separate listening connection that could be cut: reported as skipped there.
  it.skipIf(kind === "pglite")(
    "reconnects when its connection is cut, says so, and hears changes again (PostgreSQL only: PGlite has no connection to cut)",
    async () => {
      const seen = await watch();
      const { db } = database();
      const cut = await db.execute(sql`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`);
      expect(cut.rows.length).toBe(1);
      // Notices sent while it was away are lost: the empty notice says "assume anything changed".
      await vi.waitFor(() => expect(seen).toEqual([""]), { timeout: 10_000, interval: 100 });
      await db.update(pricing).set({ displayOrder: 4 });
      await vi.waitFor(() => expect(seen).toEqual(["", "pricing"]));
    },
  );
});
