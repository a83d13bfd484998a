import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedDemoContentIfEmpty } from "#server/content/seed-demo-content";
import { blogPosts, knowledgebaseArticles, pricing, results } from "#server/db/schema";
import { describeEachDatabase } from "../../helpers/database";

describeEachDatabase("demo content", (database) => {
  it("seeds an empty database once, and only once", async () => {
    const db = database().db;
    expect(await seedDemoContentIfEmpty({ db, brandName: "Acme Signals" })).toBe(true);
    const plansBefore = await db.select().from(pricing);
    expect(await seedDemoContentIfEmpty({ db, brandName: "Acme Signals" })).toBe(false);
    expect(await db.select().from(pricing)).toHaveLength(plansBefore.length);
  });

  it("has at least 4 complete published plans and one hidden", async () => {
    const plans = await database().db.select().from(pricing);
    const published = plans.filter((p) => p.published);
    expect(published.length).toBeGreaterThanOrEqual(4);
    expect(plans.some((p) => !p.published)).toBe(true);
    for (const plan of published) {
      expect(plan.name).not.toBe("");
      expect(plan.subtitle).not.toBe("");
      expect(plan.icon).not.toBe("");
      expect(plan.features.length).toBeGreaterThanOrEqual(5);
      expect(plan.price).toBeGreaterThan(0n);
      expect(plan.price % 1_000_000n).toBe(0n);
      expect(plan.originalPrice! > plan.price).toBe(true);
    }
    expect(published.some((p) => p.badge)).toBe(true);
    expect(new Set(published.map((p) => p.displayOrder)).size).toBe(published.length);
  });

  it("has 3+ published results for every type and one hidden", async () => {
    const rows = await database().db.select().from(results);
    for (const type of ["broadcastai", "forex", "high_lev_futures", "low_lev_futures", "spot"] as const) {
      expect(rows.filter((r) => r.type === type && r.published).length, type).toBeGreaterThanOrEqual(3);
    }
    expect(rows.some((r) => !r.published)).toBe(true);
    for (const r of rows) expect(r.wins + r.losses).toBeLessThanOrEqual(r.signals);
  });

  it("has 8+ published posts in 3+ categories with local images and clean HTML", async () => {
    const posts = await database().db.select().from(blogPosts);
    const published = posts.filter((p) => p.published);
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(new Set(published.map((p) => p.category)).size).toBeGreaterThanOrEqual(3);
    expect(posts.some((p) => !p.published)).toBe(true);
    for (const post of posts) {
      expect(post.image).toMatch(/^\/images\//);
      expect(fs.existsSync(path.join("public", post.image)), post.image).toBe(true);
      expect(post.content).not.toMatch(/<script|on\w+=|style=/i);
      expect(post.content.length).toBeGreaterThan(1000);
    }
    // The brand from configuration is written into the copy.
    const [{ n }] = (
      await database().db.execute<{ n: number }>(
        sql`select count(*)::int as n from blog where content like '%Acme Signals%'`,
      )
    ).rows as [{ n: number }];
    expect(Number(n)).toBeGreaterThan(0);
  });

  it("has 6+ published knowledgebase articles and one hidden", async () => {
    const articles = await database().db.select().from(knowledgebaseArticles);
    expect(articles.filter((a) => a.published).length).toBeGreaterThanOrEqual(6);
    expect(
      await database().db.select().from(knowledgebaseArticles).where(eq(knowledgebaseArticles.published, false)),
    ).not.toHaveLength(0);
  });
});
