import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { blogPosts, knowledgebaseArticles, pricing, results } from "../db/schema.ts";
import { sanitizeHtml } from "./sanitize.ts";
import { demoBlogPosts } from "./seed-data/blog.ts";
import { demoKnowledgebase } from "./seed-data/knowledgebase.ts";
import { demoPlans } from "./seed-data/plans.ts";
import { demoResults } from "./seed-data/results.ts";

const SEED_LOCK = 727_002;

/**
 * Writes the demo catalogue (plans, results, blog, knowledgebase) in one transaction when
 * none of those tables has a row. Returns whether it seeded. Several instances starting at
 * once on one PostgreSQL seed once: the advisory lock makes the second wait and see rows.
 */
export async function seedDemoContentIfEmpty(options: { db: Db; brandName: string }): Promise<boolean> {
  const { db, brandName } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const counts = await tx.execute<{ n: number }>(sql`
      select (select count(*) from pricing) + (select count(*) from results)
           + (select count(*) from blog) + (select count(*) from knowledgebase) as n`);
    if (Number(counts.rows[0]?.n ?? 0) > 0) return false;
    await tx.insert(pricing).values(demoPlans(brandName));
    await tx.insert(results).values(demoResults);
    await tx
      .insert(blogPosts)
      .values(demoBlogPosts(brandName).map((post) => ({ ...post, content: sanitizeHtml(post.content) })));
    await tx
      .insert(knowledgebaseArticles)
      .values(demoKnowledgebase(brandName).map((article) => ({ ...article, content: sanitizeHtml(article.content) })));
    return true;
  });
}
