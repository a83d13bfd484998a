import { desc, eq } from "drizzle-orm";

type App = { testing: typeof import("./server-entry.ts") };
type NewPost = typeof import("../../../server/db/schema.ts").blogPosts.$inferInsert;

/**
 * Blog posts' rows written as the editor leaves them: drafts with the slug and title given, the
 * rest as any post's unless given (published, a body, an author...). Returns the rows.
 */
export async function insertPosts(app: App, posts: (Pick<NewPost, "slug" | "title"> & Partial<NewPost>)[]) {
  const { db } = app.testing.getDatabase();
  const { blogPosts } = app.testing.schema;
  const anyPost = {
    content: "<p>x</p>",
    category: "News",
    date: "2026-11-23",
    image: "/images/blog/funding-rates-explained.svg",
    author: "Ed",
  };
  return db
    .insert(blogPosts)
    .values(posts.map((post) => ({ ...anyPost, ...post })))
    .returning();
}

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
