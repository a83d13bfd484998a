import { desc, eq } from "drizzle-orm";

type App = { testing: typeof import("./server-entry.ts") };

/** The newest published blog post, as the site lists it first. */
export async function newestPublishedPost(app: App) {
  const { db } = app.testing.getDatabase();
  const { blogPosts } = app.testing.schema;
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt))
    .limit(1);
  if (!post) throw new Error("no published post in the test database");
  return post;
}

/** Every published post, newest first (the blog's order). */
export async function publishedPosts(app: App) {
  const { db } = app.testing.getDatabase();
  const { blogPosts } = app.testing.schema;
  return db.select().from(blogPosts).where(eq(blogPosts.published, true)).orderBy(desc(blogPosts.createdAt));
}

/** A post's date as cards and articles show it ("Oct 28, 2026"), written out independently of the app. */
export const formatDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
