import { desc, eq } from "drizzle-orm";

type App = { testing: typeof import("../../../server/testing.ts") };

/** The newest published blog post, as the site lists it first. */
export async function newestPublishedPost(app: App) {
  const { db } = app.testing.getDatabase();
  const { blogPosts } = app.testing.schema;
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.published, true)).orderBy(desc(blogPosts.createdAt)).limit(1);
  if (!post) throw new Error("no published post in the test database");
  return post;
}
