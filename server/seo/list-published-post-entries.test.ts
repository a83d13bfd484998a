import { expect, it } from "vitest";
import { blogPosts } from "#server/db/schema";
import { describeEachDatabase } from "../../tests/helpers/database.ts";
import { listPublishedPostEntries } from "./list-published-post-entries.ts";

describeEachDatabase("published post entries", (database) => {
  it("lists only published posts, newest first", async () => {
    const db = database().db;
    const base = { content: "<p>x</p>", category: "News", image: "/images/x.svg", author: "A", excerpt: "E" };
    await db.insert(blogPosts).values([
      {
        ...base,
        slug: "old",
        title: "Old",
        date: "2026-01-01",
        published: true,
        createdAt: new Date("2026-01-01T09:00:00Z"),
        publishedAt: new Date("2026-01-01T10:00:00Z"),
      },
      {
        ...base,
        slug: "draft",
        title: "Draft",
        date: "2026-03-01",
        published: false,
        createdAt: new Date("2026-03-01T09:00:00Z"),
      },
      {
        ...base,
        slug: "new",
        title: "New",
        date: "2026-02-01",
        published: true,
        createdAt: new Date("2026-02-01T09:00:00Z"),
        publishedAt: new Date("2026-02-02T09:00:00Z"),
        updatedAt: new Date("2026-02-03T09:00:00Z"),
      },
    ]);
    const entries = await listPublishedPostEntries({ db });
    expect(entries.map((e) => e.slug)).toEqual(["new", "old"]);
    expect(entries[0]).toEqual({
      slug: "new",
      title: "New",
      excerpt: "E",
      category: "News",
      createdAt: new Date("2026-02-01T09:00:00Z"),
      publishedAt: expect.any(Date),
      updatedAt: new Date("2026-02-03T09:00:00Z"),
    });
  });
});
