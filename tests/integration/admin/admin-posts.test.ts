import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { StaffRole } from "~/lib/staff-roles";
import { postMessages } from "~/lib/validation/admin/posts";
import { loader as listLoader } from "~/routes/admin/posts/admin.posts";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/posts/admin.posts.$postId";
import { loader as previewLoader } from "~/routes/admin/posts/admin.posts.preview.$previewId";
import { loader as publicPostLoader } from "~/routes/site/blog.$slug";
import { listBlogPosts } from "#server/content/list-blog-posts";
import { watchContentChanges } from "#server/content/watch-content-changes";
import { auditLog, blogPosts, blogRedirects, newsletterDeliveries, newsletterSubscribers } from "#server/db/schema";
import { queueNewPostEmails } from "#server/newsletter/queue-new-post-emails";
import { listPublishedPostEntries } from "#server/seo/list-published-post-entries";
import { publishDuePosts } from "#server/staff/posts/publish-due-posts";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-posts");

/** Posts to the editor's action as the page does (JSON). */
const send = (id: number | "new", json: Record<string, unknown>, cookie: string) =>
  callAction(editorAction, {
    path: `/admin/posts/${id}`,
    params: { postId: String(id) },
    json,
    cookie,
    clientIp: "10.0.0.9",
  });

const complete = {
  title: "Risk rules for 2027",
  slug: "risk-rules-2027",
  category: "Risk Management",
  excerpt: "Three rules that keep an account alive.",
  author: "Mira Hoffmann",
  authorRole: "Head of Risk",
  image: "/images/blog/position-sizing-the-one-percent-rule.svg",
  content: "<h2>Rule one</h2><p>Risk <strong>1%</strong>.</p>",
};

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describeEachDatabase("the back office's Posts", (database) => {
  const db = () => database().db;
  const account = (role: StaffRole | null) => signUpStaff(db(), role);
  const stored = async (id: number) => (await db().select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!;
  const audit = (id: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "post"), eq(auditLog.targetId, String(id))))
      .orderBy(asc(auditLog.id));
  const publicPage = (slug: string) => callLoader(publicPostLoader, { path: `/blog/${slug}`, params: { slug } });
  let editor: Awaited<ReturnType<typeof account>>;
  let tag = "";
  const fresh = (slug: string) => `${slug}-${tag}`;

  useProcessDatabase(database);
  beforeAll(async () => {
    editor = await account("editor");
  });
  beforeEach(() => {
    tag = crypto.randomBytes(3).toString("hex");
  });

  it("creates a draft with its body sanitized on save, audited in the same transaction; drafts stay off the blog", async () => {
    const hostile =
      '<h2 onclick="steal()">Rules</h2><p>Risk 1%.<script>alert(1)</script></p><p><a ' +
      'href="javascript:alert(1)">click</a> <a href="https://tronscan.org/">Tronscan</a></p>' +
      '<img src="https://example.com/x.png" onerror="alert(2)">';
    const made = await send(
      "new",
      { intent: "save", ...complete, slug: fresh("rules"), content: hostile },
      editor.cookie,
    );
    expect(made).toMatchObject({ status: 200, data: { ok: true, created: true, status: "draft" } });
    const id = made.data.id as number;
    const row = await stored(id);
    expect(row.content).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
    expect(row.content).toBe(
      '<h2>Rules</h2><p>Risk 1%.</p><p><a>click</a> <a href="https://tronscan.org/" ' +
        'target="_blank" rel="noopener noreferrer nofollow">Tronscan</a></p><img />',
    );
    expect(row).toMatchObject({ published: false, scheduledAt: null, archivedAt: null, publishedAt: null });
    const [created, ...more] = await audit(id);
    expect(more).toEqual([]);
    expect(created).toMatchObject({
      action: "post.created",
      actorUserId: editor.userId,
      actorRole: "editor",
      ipAddress: "10.0.0.9",
      before: null,
    });
    expect(created!.after).toMatchObject({ title: complete.title, content: row.content, status: "draft" });
    expect((await publicPage(row.slug)).status).toBe(404);

    // The editor reads back the stored, cleaned body; an edit keeps only what changed, before and after.
    expect(
      (
        await callLoader(editorLoader, {
          path: `/admin/posts/${id}`,
          cookie: editor.cookie,
          params: { postId: String(id) },
        })
      ).data.post,
    ).toMatchObject({ id, content: row.content, status: "draft" });
    const edited = await send(
      id,
      {
        intent: "save",
        autosave: true,
        ...complete,
        slug: row.slug,
        content: row.content,
        title: "Risk rules, revised",
      },
      editor.cookie,
    );
    expect(edited.data).toMatchObject({ ok: true, changed: true, created: false });
    expect((await audit(id)).at(-1)).toMatchObject({
      action: "post.updated",
      before: { title: complete.title },
      after: { title: "Risk rules, revised" },
    });
    const again = await send(
      id,
      { intent: "save", ...complete, slug: row.slug, content: row.content, title: "Risk rules, revised" },
      editor.cookie,
    );
    expect(again.data).toMatchObject({ ok: true, changed: false });
    expect(await audit(id)).toHaveLength(2);
  });

  it("keeps slugs unique with a clear message, and a published post's old slug answers 301 to the new one, chains collapsed", async () => {
    const first = await send("new", { intent: "publish", ...complete, slug: fresh("alpha") }, editor.cookie);
    expect(first.data).toMatchObject({ ok: true, status: "published" });
    const id = first.data.id as number;
    const clash = await send(
      "new",
      { intent: "save", ...complete, title: "Another", slug: fresh("alpha") },
      editor.cookie,
    );
    expect(clash).toMatchObject({
      status: 409,
      data: {
        ok: false,
        error: postMessages.slugTaken(complete.title),
        fieldErrors: { slug: postMessages.slugTaken(complete.title) },
      },
    });
    const badSlug = await send("new", { intent: "save", ...complete, slug: "Not A Slug" }, editor.cookie);
    expect(badSlug).toMatchObject({ status: 400, data: { fieldErrors: { slug: postMessages.slugFormat } } });

    // alpha → beta → gamma: both old addresses go straight to gamma.
    for (const next of ["beta", "gamma"]) {
      const renamed = await send(id, { intent: "save", ...complete, slug: fresh(next) }, editor.cookie);
      expect(renamed.data, next).toMatchObject({ ok: true, changed: true });
    }
    expect(await publicPage(fresh("alpha"))).toMatchObject({ status: 301, location: `/blog/${fresh("gamma")}` });
    expect(await publicPage(fresh("beta"))).toMatchObject({ status: 301, location: `/blog/${fresh("gamma")}` });
    expect((await publicPage(fresh("gamma"))).status).toBe(200);
    expect((await audit(id)).at(-1)!.summary).toBe(
      `Post “${complete.title}” edited; /blog/${fresh("beta")} now redirects to /blog/${fresh("gamma")}`,
    );

    // Back to alpha: it is live again, and gamma now redirects.
    await send(id, { intent: "save", ...complete, slug: fresh("alpha") }, editor.cookie);
    expect((await publicPage(fresh("alpha"))).status).toBe(200);
    expect(await publicPage(fresh("gamma"))).toMatchObject({ status: 301, location: `/blog/${fresh("alpha")}` });
    expect(
      await db()
        .select()
        .from(blogRedirects)
        .where(eq(blogRedirects.oldSlug, fresh("alpha"))),
    ).toEqual([]);

    // Another post may take an old address: the live post wins, the redirect goes.
    const taker = await send(
      "new",
      { intent: "publish", ...complete, title: "Taker", slug: fresh("beta") },
      editor.cookie,
    );
    expect(taker.data).toMatchObject({ ok: true });
    expect((await publicPage(fresh("beta"))).status).toBe(200);

    // A draft that was never public leaves no redirect behind.
    const draft = await send("new", { intent: "save", ...complete, slug: fresh("draft-one") }, editor.cookie);
    await send(draft.data.id as number, { intent: "save", ...complete, slug: fresh("draft-two") }, editor.cookie);
    expect(
      await db()
        .select()
        .from(blogRedirects)
        .where(eq(blogRedirects.oldSlug, fresh("draft-one"))),
    ).toEqual([]);
  });

  it("refuses a schedule in the past; the job publishes a due post, audited, and the newsletter queues it", async () => {
    const [subscriber] = await db()
      .insert(newsletterSubscribers)
      .values({
        email: `reader-${tag}@example.com`,
        tokenHash: crypto.randomBytes(32).toString("hex"),
        tokenExpiresAt: new Date(),
        confirmedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const past = await send(
      "new",
      {
        intent: "schedule",
        ...complete,
        slug: fresh("later"),
        scheduledAt: new Date(Date.now() - 60_000).toISOString(),
      },
      editor.cookie,
    );
    expect(past).toMatchObject({
      status: 400,
      data: { error: postMessages.scheduleInPast, fieldErrors: { scheduledAt: postMessages.scheduleInPast } },
    });
    expect(
      await db()
        .select()
        .from(blogPosts)
        .where(eq(blogPosts.slug, fresh("later"))),
    ).toEqual([]);
    const incomplete = await send(
      "new",
      {
        intent: "schedule",
        ...complete,
        image: "",
        excerpt: "",
        slug: fresh("later"),
        scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      editor.cookie,
    );
    expect(incomplete).toMatchObject({
      status: 400,
      data: { error: postMessages.notReady(["an excerpt", "a hero image"]) },
    });

    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await send(
      "new",
      { intent: "schedule", ...complete, slug: fresh("later"), scheduledAt: at.toISOString() },
      editor.cookie,
    );
    expect(scheduled.data).toMatchObject({ ok: true, status: "scheduled" });
    const id = scheduled.data.id as number;
    expect((await stored(id)).scheduledAt!.toISOString()).toBe(at.toISOString());
    // Only drafts are autosaved: a scheduled post waits for Update.
    const autosaved = await send(
      id,
      { intent: "save", autosave: true, ...complete, slug: fresh("later"), title: "Half an edit" },
      editor.cookie,
    );
    expect(autosaved).toMatchObject({ status: 409, data: { error: postMessages.notAutosaved } });

    expect(await publishDuePosts({ db: db(), now: new Date(at.getTime() - 1000) })).toBe(0);
    expect((await publicPage(fresh("later"))).status).toBe(404);
    expect(await publishDuePosts({ db: db(), now: at })).toBe(1);
    const row = await stored(id);
    expect(row).toMatchObject({ published: true, scheduledAt: null, date: at.toISOString().slice(0, 10) });
    expect(row.publishedAt).toBeInstanceOf(Date);
    expect((await publicPage(fresh("later"))).status).toBe(200);
    expect((await audit(id)).map((e) => [e.action, e.actorLabel])).toEqual([
      ["post.created", editor.email],
      ["post.scheduled", editor.email],
      ["post.published", "scheduler"],
    ]);
    // Run again (another instance): nothing twice.
    expect(await publishDuePosts({ db: db(), now: at })).toBe(0);

    // Publishing in psql still works on a scheduled post: the trigger clears the schedule (the CHECK would refuse both).
    const other = await send(
      "new",
      { intent: "schedule", ...complete, slug: fresh("psql"), scheduledAt: at.toISOString() },
      editor.cookie,
    );
    await db().execute(sql`update blog set published = true where id = ${other.data.id as number}`);
    expect(await stored(other.data.id as number)).toMatchObject({
      published: true,
      scheduledAt: null,
      archivedAt: null,
    });

    await queueNewPostEmails({ db: db() });
    const queued = await db()
      .select()
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.postId, id), eq(newsletterDeliveries.subscriberId, subscriber!.id)));
    expect(queued).toHaveLength(1);
  });

  it.each(["unschedule", "archive"] as const)(
    "a post scheduled, then %sd, is not published by the job when its time comes",
    async (change) => {
      const at = new Date(Date.now() + 3_600_000);
      const scheduled = await send(
        "new",
        { intent: "schedule", ...complete, slug: fresh(change), scheduledAt: at.toISOString() },
        editor.cookie,
      );
      expect(scheduled.data).toMatchObject({ ok: true, status: "scheduled" });
      const id = scheduled.data.id as number;
      const changed = await send(id, { intent: change }, editor.cookie);
      expect(changed.data).toMatchObject({
        ok: true,
        changed: true,
        status: change === "archive" ? "archived" : "draft",
      });
      expect(await stored(id)).toMatchObject({ published: false, scheduledAt: null });

      // Past the time it had, and much later, the post stays where it was put. (What else the job
      // finds due is other tests' business: this post's row and audit trail are the proof.)
      for (const now of [at, new Date(at.getTime() + 1000), new Date(at.getTime() + 30 * 24 * 3_600_000)])
        await publishDuePosts({ db: db(), now });
      const row = await stored(id);
      expect(row).toMatchObject({ published: false, scheduledAt: null, publishedAt: null });
      expect(row.archivedAt === null).toBe(change === "unschedule");
      expect((await publicPage(fresh(change))).status).toBe(404);
      expect((await audit(id)).map((e) => e.action)).toEqual([
        "post.created",
        "post.scheduled",
        change === "archive" ? "post.archived" : "post.unscheduled",
      ]);
    },
  );

  it("unpublish, archive and restore: an archived post is off /blog, the feed and the sitemap, and its old address answers 404", async () => {
    const made = await send("new", { intent: "publish", ...complete, slug: fresh("archive-me") }, editor.cookie);
    const id = made.data.id as number;
    await send(id, { intent: "save", ...complete, slug: fresh("archived") }, editor.cookie);
    const listed = async () => ({
      blog: (await listBlogPosts({ db: db(), limit: 100 })).posts.map((p) => p.slug),
      feed: (await listPublishedPostEntries({ db: db() })).map((p) => p.slug),
    });
    expect((await listed()).blog).toContain(fresh("archived"));
    // A published post is not autosaved, and cannot be emptied.
    expect(
      (
        await send(
          id,
          { intent: "save", autosave: true, ...complete, slug: fresh("archived"), title: "x" },
          editor.cookie,
        )
      ).status,
    ).toBe(409);
    expect(
      (await send(id, { intent: "save", ...complete, slug: fresh("archived"), content: "<p></p>" }, editor.cookie))
        .data,
    ).toMatchObject({ error: postMessages.notReady(["a body"]) });

    const archived = await send(id, { intent: "archive" }, editor.cookie);
    expect(archived.data).toMatchObject({ ok: true, status: "archived", changed: true });
    const after = await listed();
    expect(after.blog).not.toContain(fresh("archived"));
    expect(after.feed).not.toContain(fresh("archived"));
    expect((await publicPage(fresh("archived"))).status).toBe(404);
    expect((await publicPage(fresh("archive-me"))).status).toBe(404);
    expect(await stored(id)).toMatchObject({ published: false, scheduledAt: null });

    expect((await send(id, { intent: "unpublish" }, editor.cookie)).data).toMatchObject({ ok: true, changed: false });
    expect((await send(id, { intent: "restore" }, editor.cookie)).data).toMatchObject({ ok: true, status: "draft" });
    expect(
      (await send(id, { intent: "publish", ...complete, slug: fresh("archived") }, editor.cookie)).data,
    ).toMatchObject({ status: "published" });
    expect((await send(id, { intent: "unpublish" }, editor.cookie)).data).toMatchObject({ status: "draft" });
    expect((await audit(id)).map((e) => e.action)).toEqual([
      "post.created",
      "post.published",
      "post.updated",
      "post.archived",
      "post.restored",
      "post.published",
      "post.unpublished",
    ]);
    const archivedEntry = (await audit(id))[3]!;
    expect(archivedEntry).toMatchObject({ before: { status: "published" }, after: { status: "archived" } });
  });

  it("lists every status with title search and paging; the preview renders what the editor holds, sanitized, staff only", async () => {
    const made = await send(
      "new",
      { intent: "save", ...complete, title: `Searchable ${tag}`, slug: fresh("searchable") },
      editor.cookie,
    );
    const page = await callLoader(listLoader, {
      path: `/admin/posts?q=${encodeURIComponent(`SEARCHABLE ${tag}`)}`,
      cookie: editor.cookie,
    });
    expect(page.data).toMatchObject({
      total: 1,
      page: 1,
      canWrite: true,
      posts: [{ id: made.data.id, status: "draft", slug: fresh("searchable") }],
    });
    const drafts = await callLoader(listLoader, { path: "/admin/posts?status=draft&page=999", cookie: editor.cookie });
    expect((drafts.data.posts as { status: string }[]).every((p) => p.status === "draft")).toBe(true);
    expect(drafts.data.page).toBe(drafts.data.pageCount);

    const preview = await send(
      made.data.id as number,
      {
        intent: "preview",
        ...complete,
        slug: fresh("searchable"),
        title: "Unsaved title",
        content: '<p onclick="x()">Unsaved <em>body</em></p><script>alert(1)</script>',
      },
      editor.cookie,
    );
    expect(preview.data).toMatchObject({ ok: true });
    const previewId = preview.data.previewId as string;
    const shown = await callLoader(previewLoader, {
      path: `/admin/posts/preview/${previewId}`,
      cookie: editor.cookie,
      params: { previewId },
    });
    expect(shown.data.post).toMatchObject({
      title: "Unsaved title",
      content: "<p>Unsaved <em>body</em></p>",
      slug: fresh("searchable"),
    });
    expect((await stored(made.data.id as number)).title).toBe(`Searchable ${tag}`);
    expect(
      (
        await callLoader(previewLoader, {
          path: "/admin/posts/preview/nope",
          cookie: editor.cookie,
          params: { previewId: "nope" },
        })
      ).status,
    ).toBe(404);
  });

  it("support, a member and a signed-out visitor get 404 (or sign-in) and change nothing", async () => {
    const support = await account("support");
    const member = await account(null);
    const admin = await account("admin");
    const made = await send("new", { intent: "save", ...complete, slug: fresh("guarded") }, admin.cookie);
    const id = made.data.id as number;
    const preview = await send(id, { intent: "preview", ...complete, slug: fresh("guarded") }, admin.cookie);
    const previewId = preview.data.previewId as string;
    for (const who of [support, member]) {
      expect((await callLoader(listLoader, { path: "/admin/posts", cookie: who.cookie })).status).toBe(404);
      expect(
        (await callLoader(editorLoader, { path: "/admin/posts/new", cookie: who.cookie, params: { postId: "new" } }))
          .status,
      ).toBe(404);
      expect(
        (
          await callLoader(editorLoader, {
            path: `/admin/posts/${id}`,
            cookie: who.cookie,
            params: { postId: String(id) },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await callLoader(previewLoader, {
            path: `/admin/posts/preview/${previewId}`,
            cookie: who.cookie,
            params: { previewId },
          })
        ).status,
      ).toBe(404);
      expect((await send("new", { intent: "save", ...complete, slug: fresh("sneaky") }, who.cookie)).status).toBe(404);
      expect((await send(id, { intent: "publish", ...complete, slug: fresh("guarded") }, who.cookie)).status).toBe(404);
      expect((await send(id, { intent: "archive" }, who.cookie)).status).toBe(404);
    }
    expect((await send(id, { intent: "archive" }, "")).status).toBe(302);
    expect(
      (await callLoader(previewLoader, { path: `/admin/posts/preview/${previewId}`, params: { previewId } })).status,
    ).toBe(302);
    expect(await stored(id)).toMatchObject({ published: false, archivedAt: null });
    expect(await audit(id)).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(blogPosts)
        .where(eq(blogPosts.slug, fresh("sneaky"))),
    ).toEqual([]);
    expect(
      (await callLoader(editorLoader, { path: "/admin/posts/abc", cookie: editor.cookie, params: { postId: "abc" } }))
        .status,
    ).toBe(404);
    expect((await send(999_999, { intent: "save", ...complete, slug: fresh("gone") }, editor.cookie)).status).toBe(404);
  });

  it("a draft written long ago and published now leads /blog, the related articles and the feed, dated the day it went public", async () => {
    const made = await send("new", { intent: "save", ...complete, slug: fresh("slow-draft") }, editor.cookie);
    const id = made.data.id as number;
    // Written a month ago (before every seeded post's publication was news).
    await db()
      .update(blogPosts)
      .set({ createdAt: new Date("2026-01-01T00:00:00Z"), date: "2026-01-01" })
      .where(eq(blogPosts.id, id));
    // Another post, written and published since.
    await send(
      "new",
      { intent: "publish", ...complete, title: "Written later", slug: fresh("written-later") },
      editor.cookie,
    );
    const now = new Date();
    expect(
      (await send(id, { intent: "publish", ...complete, slug: fresh("slow-draft") }, editor.cookie)).data,
    ).toMatchObject({ status: "published" });
    expect((await listBlogPosts({ db: db(), limit: 1 })).posts[0]).toMatchObject({
      slug: fresh("slow-draft"),
      date: now.toISOString().slice(0, 10),
    });
    const [entry] = await listPublishedPostEntries({ db: db() });
    expect(entry!.slug).toBe(fresh("slow-draft"));
    expect(entry!.publishedAt.getTime()).toBeGreaterThan(new Date("2026-01-02T00:00:00Z").getTime());
  });

  it("a post change announces itself to empty every server's page cache", async () => {
    const seen: string[] = [];
    stops.push(await watchContentChanges({ database: database(), onChange: (table) => seen.push(table) }));
    const made = await send("new", { intent: "publish", ...complete, slug: fresh("cached") }, editor.cookie);
    await vi.waitFor(() => expect(seen.filter((t) => t === "blog").length).toBeGreaterThanOrEqual(1));
    const count = seen.length;
    await send(made.data.id as number, { intent: "save", ...complete, slug: fresh("cached-2") }, editor.cookie);
    await vi.waitFor(() => expect(seen.slice(count)).toContain("blog_redirects"));
    expect(seen.slice(count)).toContain("blog");
    await db().execute(sql`select 1`);
  });
});
