import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { isAllowedHref, linkAttributes } from "~/components/admin/rich-text-editor";
import type { StaffRole } from "~/lib/staff-roles";
import { KNOWLEDGEBASE_CONTENT_MAX, knowledgebaseMessages } from "~/lib/validation/admin/knowledgebase";
import { action as listAction, loader as listLoader } from "~/routes/admin/knowledgebase/admin.knowledgebase";
import {
  action as articleAction,
  loader as articleLoader,
} from "~/routes/admin/knowledgebase/admin.knowledgebase.$articleId";
import { loader as dashboardLoader } from "~/routes/dashboard/dashboard";
import { sanitizeHtml } from "#server/content/sanitize";
import { auditLog, knowledgebaseArticles } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-knowledgebase");

/** Posts to an admin action the way the pages do: the editor sends JSON, the list's buttons a form. */
const save = (id: number | "new", json: Record<string, unknown>, cookie: string) =>
  callAction(articleAction, {
    path: `/admin/knowledgebase/${id}`,
    params: { articleId: String(id) },
    json,
    cookie,
    clientIp: "10.0.0.7",
  });
const list = (form: Record<string, string>, cookie: string) =>
  callAction(listAction, { path: "/admin/knowledgebase", form, cookie, clientIp: "10.0.0.7" });

describe("the rich-text editor's links", () => {
  const anchor = (href: string) => {
    const { target, rel } = linkAttributes(href);
    return `<a href="${href}"${target ? ` target="${target}"` : ""}${rel ? ` rel="${rel}"` : ""}>x</a>`;
  };

  it("are stored exactly as the editor shows them: the sanitizer changes nothing in an allowed link", () => {
    for (const href of [
      "https://tronscan.org/",
      "http://example.com/a?b=c",
      "/pricing",
      "/dashboard?section=knowledgebase",
      "mailto:help@example.com",
    ]) {
      expect(isAllowedHref(href), href).toBe(true);
      expect(sanitizeHtml(anchor(href)), href).toBe(anchor(href));
    }
    expect(linkAttributes("https://tronscan.org/")).toEqual({
      href: "https://tronscan.org/",
      target: "_blank",
      rel: "noopener noreferrer nofollow",
    });
    expect(linkAttributes("/pricing")).toEqual({ href: "/pricing", target: null, rel: null });
  });

  it("refuses what the sanitizer would strip or a browser would run", () => {
    for (const href of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,x",
      "//evil.example/",
      "vbscript:x",
      "ftp://x.example/",
      "https://",
      "mailto:",
      "tronscan.org",
    ]) {
      expect(isAllowedHref(href), href).toBe(false);
    }
  });
});

describeEachDatabase("the back office's Knowledgebase", (database) => {
  const db = () => database().db;
  const account = (role: StaffRole | null, options: { twoFactor?: boolean } = {}) => signUpStaff(db(), role, options);
  const audit = (id: number) =>
    db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetType} = 'knowledgebase' and ${auditLog.targetId} = ${String(id)}`)
      .orderBy(asc(auditLog.id));
  const stored = async (id: number) =>
    (await db().select().from(knowledgebaseArticles).where(eq(knowledgebaseArticles.id, id)))[0];

  useProcessDatabase(database);
  beforeEach(async () => {
    await db().delete(knowledgebaseArticles);
  });

  it("an editor creates an article: the body is sanitized on save (no script, no handler, no javascript: link), audited in the same transaction", async () => {
    const editor = await account("editor");
    const hostile =
      '<h2 onclick="steal()">Deposits</h2><p>Send <strong>USDT</strong> only.<script>alert(1)</script></p>' +
      '<ul><li><a href="javascript:alert(1)">click</a></li><li><a href="https://tronscan.org/">Tronscan</a></li></ul>' +
      '<img src="x" onerror="alert(2)"><p><a href="/pricing">Plans</a></p>';
    const made = await save("new", { title: "  How to deposit  ", content: hostile }, editor.cookie);
    expect(made.status).toBe(200);
    expect(made.data).toMatchObject({ ok: true, created: true });
    const id = made.data.id as number;
    const row = (await stored(id))!;
    expect(row.title).toBe("How to deposit");
    expect(row.published).toBe(false);
    expect(row.content).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
    expect(row.content).toBe(
      "<h2>Deposits</h2><p>Send <strong>USDT</strong> only.</p>" +
        ('<ul><li><a>click</a></li><li><a href="https://tronscan.org/" target="_blank" ' +
          'rel="noopener noreferrer nofollow">Tronscan</a></li></ul>') +
        '<img /><p><a href="/pricing">Plans</a></p>',
    );
    const [entry, ...more] = await audit(id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorUserId: editor.userId,
      actorLabel: editor.email,
      actorRole: "editor",
      action: "knowledgebase.created",
      ipAddress: "10.0.0.7",
      summary: "Knowledgebase article “How to deposit” created (unpublished)",
      before: null,
    });
    expect(entry!.after).toMatchObject({ title: "How to deposit", content: row.content, published: false });

    // The editor page reads back the stored, cleaned body.
    const page = await callLoader(articleLoader, {
      path: `/admin/knowledgebase/${id}`,
      cookie: editor.cookie,
      params: { articleId: String(id) },
    });
    expect(page.data.article).toEqual({ id, title: "How to deposit", content: row.content, published: false });
  });

  it("refuses an empty or too long title, an empty body or one that was only a script, and an unknown article — storing nothing", async () => {
    const editor = await account("editor");
    const auditRows = async () =>
      (await db().select().from(auditLog).where(eq(auditLog.targetType, "knowledgebase"))).length;
    const auditedBefore = await auditRows();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "   ", content: "<p>Text</p>" }, "title", knowledgebaseMessages.titleRequired],
      [{ content: "<p>Text</p>" }, "title", knowledgebaseMessages.titleRequired],
      [{ title: "x".repeat(201), content: "<p>Text</p>" }, "title", knowledgebaseMessages.titleTooLong],
      [{ title: "Empty", content: "<p></p>" }, "content", knowledgebaseMessages.contentRequired],
      [
        { title: "Script", content: "<script>alert(1)</script><p onclick='x()'></p>" },
        "content",
        knowledgebaseMessages.contentRequired,
      ],
      [
        { title: "Long", content: `<p>${"a".repeat(KNOWLEDGEBASE_CONTENT_MAX)}</p>` },
        "content",
        knowledgebaseMessages.contentTooLong,
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await save("new", body, editor.cookie);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.data).toMatchObject({ ok: false, error: message, fieldErrors: { [field]: message } });
    }
    expect(await db().select().from(knowledgebaseArticles)).toHaveLength(0);
    expect(await auditRows()).toBe(auditedBefore);

    expect((await save(999_999, { title: "Gone", content: "<p>Text</p>" }, editor.cookie)).status).toBe(404);
    expect(
      (
        await callLoader(articleLoader, {
          path: "/admin/knowledgebase/999999",
          cookie: editor.cookie,
          params: { articleId: "999999" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callLoader(articleLoader, {
          path: "/admin/knowledgebase/abc",
          cookie: editor.cookie,
          params: { articleId: "abc" },
        })
      ).status,
    ).toBe(404);
    expect((await list({ intent: "publish", id: "999999", published: "true" }, editor.cookie)).status).toBe(404);
    expect((await list({ intent: "move", id: "1", direction: "sideways" }, editor.cookie)).data).toMatchObject({
      ok: false,
      error: knowledgebaseMessages.badDirection,
    });
    expect((await list({ intent: "archive", id: "1" }, editor.cookie)).status).toBe(400);
  });

  it("content roles may use it; support, a member and a signed-out visitor may not (404 or sign-in), and change nothing", async () => {
    const owner = await account("owner");
    const admin = await account("admin");
    const support = await account("support");
    const member = await account(null);
    const made = await save("new", { title: "Owner's", content: "<p>By the owner</p>" }, owner.cookie);
    const id = made.data.id as number;
    expect((await callLoader(listLoader, { path: "/admin/knowledgebase", cookie: admin.cookie })).data).toMatchObject({
      canWrite: true,
      articles: [{ id, title: "Owner's", published: false }],
    });
    for (const who of [support, member]) {
      expect((await callLoader(listLoader, { path: "/admin/knowledgebase", cookie: who.cookie })).status).toBe(404);
      expect(
        (
          await callLoader(articleLoader, {
            path: "/admin/knowledgebase/new",
            cookie: who.cookie,
            params: { articleId: "new" },
          })
        ).status,
      ).toBe(404);
      expect((await save("new", { title: "Sneaky", content: "<p>x</p>" }, who.cookie)).status).toBe(404);
      expect((await save(id, { title: "Sneaky", content: "<p>x</p>" }, who.cookie)).status).toBe(404);
      expect((await list({ intent: "publish", id: String(id), published: "true" }, who.cookie)).status).toBe(404);
      expect((await list({ intent: "delete", id: String(id) }, who.cookie)).status).toBe(404);
    }
    expect((await list({ intent: "delete", id: String(id) }, "")).status).toBe(302);
    expect(await stored(id)).toMatchObject({ title: "Owner's", published: false });
    expect(await audit(id)).toHaveLength(1);
  });

  it("edits keep before and after in the audit log; an unchanged save writes nothing", async () => {
    const editor = await account("editor");
    // The editor keeps an empty paragraph to type after a list: empty paragraphs at the ends are not stored.
    const id = (await save("new", { title: "Fees", content: "<p></p><p>No fees.</p><p></p>" }, editor.cookie)).data
      .id as number;
    const edited = await save(
      id,
      { title: "Fees and limits", content: "<p>No fees. <em>Minimum</em> 10 USDT.</p>" },
      editor.cookie,
    );
    expect(edited.data).toEqual({ ok: true, id, created: false, changed: true });
    const again = await save(
      id,
      { title: "Fees and limits", content: "<p>No fees. <em>Minimum</em> 10 USDT.</p>" },
      editor.cookie,
    );
    expect(again.data).toEqual({ ok: true, id, created: false, changed: false });
    const entries = await audit(id);
    expect(entries.map((e) => e.action)).toEqual(["knowledgebase.created", "knowledgebase.updated"]);
    expect(entries[1]).toMatchObject({
      summary: "Knowledgebase article “Fees” edited, now “Fees and limits”",
      before: { title: "Fees", content: "<p>No fees.</p>" },
      after: { title: "Fees and limits", content: "<p>No fees. <em>Minimum</em> 10 USDT.</p>" },
    });
  });

  it("publishes, reorders and deletes, each audited; a member's dashboard shows the published articles in the new order at once", async () => {
    const editor = await account("editor");
    const member = await account(null);
    const ids: number[] = [];
    for (const title of ["First", "Second", "Third"])
      ids.push((await save("new", { title, content: `<p>${title} text</p>` }, editor.cookie)).data.id as number);
    const [first, second, third] = ids as [number, number, number];
    const orders = async () =>
      (
        await db()
          .select({ id: knowledgebaseArticles.id, displayOrder: knowledgebaseArticles.displayOrder })
          .from(knowledgebaseArticles)
          .orderBy(asc(knowledgebaseArticles.displayOrder))
      ).map((r) => [r.id, r.displayOrder]);
    expect(await orders()).toEqual([
      [first, 1],
      [second, 2],
      [third, 3],
    ]);
    const dashboard = async () => {
      const page = await callLoader(dashboardLoader, {
        path: "/dashboard?section=knowledgebase",
        cookie: member.cookie,
      });
      const kb = page.data.knowledgebase as { articles: { title: string; content: string }[] };
      return kb.articles.map((a) => a.title);
    };
    expect(await dashboard()).toEqual([]);

    for (const id of [first, third])
      expect((await list({ intent: "publish", id: String(id), published: "true" }, editor.cookie)).data).toMatchObject({
        ok: true,
      });
    expect(await dashboard()).toEqual(["First", "Third"]);

    // Third moves up twice: to the top, in one transaction each, display_order 1…n.
    expect((await list({ intent: "move", id: String(third), direction: "up" }, editor.cookie)).data).toEqual({
      ok: true,
      message: "“Third” is now number 2.",
    });
    expect((await list({ intent: "move", id: String(third), direction: "up" }, editor.cookie)).data).toEqual({
      ok: true,
      message: "“Third” is now number 1.",
    });
    expect(await orders()).toEqual([
      [third, 1],
      [first, 2],
      [second, 3],
    ]);
    expect(await dashboard()).toEqual(["Third", "First"]);
    // Already first: nothing changes, nothing is audited.
    expect((await list({ intent: "move", id: String(third), direction: "up" }, editor.cookie)).data).toEqual({
      ok: true,
      message: "“Third” is already first.",
    });
    const moves = (await audit(third)).filter((e) => e.action === "knowledgebase.moved");
    expect(moves).toHaveLength(2);
    expect(moves[1]).toMatchObject({
      summary: "Knowledgebase article “Third” moved up (2 → 1)",
      before: { position: 2, order: [first, third, second] },
      after: { position: 1, order: [third, first, second] },
    });

    expect(
      (await list({ intent: "publish", id: String(first), published: "false" }, editor.cookie)).data,
    ).toMatchObject({ ok: true });
    expect(await dashboard()).toEqual(["Third"]);
    expect((await audit(first)).map((e) => e.action)).toEqual([
      "knowledgebase.created",
      "knowledgebase.published",
      "knowledgebase.unpublished",
    ]);

    expect((await list({ intent: "delete", id: String(third) }, editor.cookie)).data).toEqual({
      ok: true,
      message: "“Third” is deleted.",
    });
    expect(await stored(third)).toBeUndefined();
    expect(await dashboard()).toEqual([]);
    const deleted = (await audit(third)).at(-1)!;
    expect(deleted).toMatchObject({
      action: "knowledgebase.deleted",
      before: { title: "Third", content: "<p>Third text</p>", published: true, displayOrder: 1 },
      after: null,
    });
    // A new article goes last.
    const fourth = (await save("new", { title: "Fourth", content: "<p>4</p>" }, editor.cookie)).data.id as number;
    expect((await orders()).at(-1)).toEqual([fourth, 4]);
  });
});
