import { beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "~/lib/staff-roles";
import type { AuditPage } from "~/lib/view-types/admin/audit-log";
import type { TargetHistory } from "~/lib/view-types/admin/shared";
import { loader as auditLoader } from "~/routes/admin/audit-log/admin.audit-log";
import {
  action as articleAction,
  loader as articleLoader,
} from "~/routes/admin/knowledgebase/admin.knowledgebase.$articleId";
import { action as planAction, loader as planLoader } from "~/routes/admin/plans/admin.plans.$planId";
import { action as staffAction, loader as staffLoader } from "~/routes/admin/staff/admin.staff";
import { action as pricesAction } from "~/routes/api/admin/api.admin.plan-prices";
import { changedFields } from "#server/staff/list-target-history";
import { recordAuditEvent } from "#server/staff/record-audit-event";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-audit-log");

describe("an audit row's changed fields", () => {
  it("lists only what differs, readable: money in USDT, rich text without tags, lists joined, absent as null", () => {
    expect(
      changedFields(
        {
          name: "Gold",
          price: "20000000",
          features: ["A"],
          content: "<p>Old <strong>text</strong></p>",
          badge: null,
          discount: 10,
        },
        {
          name: "Gold",
          price: "25500000",
          features: ["A", "B"],
          content: "<p>New text</p>",
          badge: "Hot",
          discount: 10,
        },
      ),
    ).toEqual([
      { field: "Price", before: "$20.00 USDT", after: "$25.50 USDT" },
      { field: "Features", before: "A", after: "A, B" },
      { field: "Content", before: "Old text", after: "New text" },
      { field: "Badge", before: null, after: "Hot" },
    ]);
    expect(changedFields(null, { role: "editor" })).toEqual([{ field: "Role", before: null, after: "editor" }]);
    expect(changedFields({ telegramChats: [] }, { telegramChats: ["-100"] })).toEqual([
      { field: "Telegram chats", before: "(none)", after: "-100" },
    ]);
    expect(changedFields({ title: "x".repeat(500) }, { title: "y" })[0]!.before).toHaveLength(160);
  });
});

describeEachDatabase("the audit log's filters and each target's own history", (database) => {
  const db = () => database().db;
  const account = (role: StaffRole) => signUpStaff(db(), role);
  let owner: Awaited<ReturnType<typeof account>>;
  let editor: Awaited<ReturnType<typeof account>>;
  let planId: number;
  let articleId: number;

  useProcessDatabase(database);
  beforeAll(async () => {
    owner = await account("owner");
    editor = await account("editor");
    // An owner makes a plan (prices are theirs) and an editor changes its texts; an owner writes an
    // article and edits it; the owner changes a role.
    planId = (
      await callAction(pricesAction, {
        path: "/api/admin/plan-prices",
        cookie: owner.cookie,
        json: { intent: "create", name: "Swing", monthlyPrice: "20", features: ["Daily calls"] },
      })
    ).data.id as number;
    await callAction(planAction, {
      path: `/admin/plans/${planId}`,
      cookie: editor.cookie,
      params: { planId: String(planId) },
      json: { name: "Swing Pro", features: ["Daily calls", "Weekly outlook"] },
    });
    articleId = (
      await callAction(articleAction, {
        path: "/admin/knowledgebase/new",
        cookie: owner.cookie,
        params: { articleId: "new" },
        json: { title: "Deposits", content: "<p>Send USDT.</p>" },
      })
    ).data.id as number;
    await callAction(articleAction, {
      path: `/admin/knowledgebase/${articleId}`,
      cookie: owner.cookie,
      params: { articleId: String(articleId) },
      json: { title: "Deposits", content: "<p>Send USDT on TRC-20.</p>" },
    });
    await callAction(staffAction, {
      path: "/admin/staff",
      cookie: owner.cookie,
      form: { email: editor.email, role: "support" },
    });
  });

  const audit = async (query: string, cookie = owner.cookie) => {
    const outcome = await callLoader(auditLoader, { path: `/admin/audit-log${query}`, cookie });
    return {
      status: outcome.status,
      log: outcome.data.log as AuditPage,
      filter: outcome.data.filter as Record<string, unknown>,
    };
  };

  it("the plan editor shows the plan's own history: who, role, when, action and price before → after", async () => {
    const loaded = await callLoader(planLoader, {
      path: `/admin/plans/${planId}`,
      cookie: owner.cookie,
      params: { planId: String(planId) },
    });
    const history = loaded.data.history as TargetHistory;
    expect(history.target).toBe(`plan:${planId}`);
    expect(history.entries.map((e) => e.action)).toEqual(["plan.updated", "plan.created"]);
    const [updated] = history.entries;
    expect(updated).toMatchObject({ actorLabel: editor.email, actorRole: "editor" });
    expect(Date.parse(updated!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(updated!.changes).toEqual(
      expect.arrayContaining([
        { field: "Name", before: "Swing", after: "Swing Pro" },
        { field: "Features", before: "Daily calls", after: "Daily calls, Weekly outlook" },
      ]),
    );
    // Unchanged fields are not listed; another target's rows never show.
    expect(updated!.changes.map((c) => c.field)).not.toContain("Subtitle");
    expect(history.entries.every((e) => e.action.startsWith("plan."))).toBe(true);
  });

  it("the article editor and the staff page show their own histories", async () => {
    const article = (
      await callLoader(articleLoader, {
        path: `/admin/knowledgebase/${articleId}`,
        cookie: owner.cookie,
        params: { articleId: String(articleId) },
      })
    ).data.history as TargetHistory;
    expect(article.entries.map((e) => e.action)).toEqual(["knowledgebase.updated", "knowledgebase.created"]);
    expect(article.entries[0]!.changes).toEqual([
      { field: "Content", before: "Send USDT.", after: "Send USDT on TRC-20." },
    ]);

    const staff = (await callLoader(staffLoader, { path: "/admin/staff", cookie: owner.cookie })).data.staff as {
      email: string;
      history: TargetHistory;
    }[];
    const row = staff.find((s) => s.email === editor.email)!;
    expect(row.history.entries).toHaveLength(1);
    expect(row.history.entries[0]).toMatchObject({
      action: "staff.role_set",
      actorLabel: owner.email,
      changes: [{ field: "Role", before: "editor", after: "support" }],
    });
    expect(staff.find((s) => s.email === owner.email)!.history.entries).toEqual([]);
  });

  it("filters by staff member, action and target (a kind or one record), alone and together", async () => {
    const everything = await audit("");
    expect(everything.log.total).toBe(5);
    expect(everything.log.choices.actors).toEqual([owner.email, editor.email].sort());
    expect(everything.log.choices.actions).toEqual([
      "knowledgebase.created",
      "knowledgebase.updated",
      "plan.created",
      "plan.updated",
      "staff.role_set",
    ]);

    const byEditor = await audit(`?who=${encodeURIComponent(editor.email)}`);
    expect(byEditor.log.entries.map((e) => e.action)).toEqual(["plan.updated"]);
    expect(byEditor.filter).toMatchObject({ who: editor.email });

    expect((await audit("?action=staff.role_set")).log.entries.map((e) => e.target)).toEqual([`user:${editor.userId}`]);
    expect((await audit(`?target=knowledgebase:${articleId}`)).log.total).toBe(2);
    expect((await audit("?target=plan")).log.total).toBe(2);
    expect((await audit(`?target=plan:${planId + 1000}`)).log.total).toBe(0);
    const both = await audit(`?who=${encodeURIComponent(owner.email)}&target=plan`);
    expect(both.log.entries.map((e) => e.action)).toEqual(["plan.created"]);
    // Empty fields (the form's "Anyone") mean no filter.
    expect((await audit("?who=&action=&target=")).log.total).toBe(5);
  });

  it("pages within the filter, answers 400 to an impossible filter and 404 to those who may not read the log", async () => {
    await db().transaction(async (tx) => {
      for (let i = 0; i < 55; i++) {
        await recordAuditEvent({
          tx,
          actor: { userId: null, label: "cli:ops@host", role: "operator" },
          action: "test.bulk",
          target: { type: "bulk", id: String(i) },
          summary: `bulk ${i}`,
        });
      }
    });
    const first = await audit("?action=test.bulk");
    expect(first.log).toMatchObject({ total: 55, page: 1, pageCount: 2 });
    const second = await audit("?action=test.bulk&page=2");
    expect(second.log).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.log.entries).toHaveLength(5);
    expect(second.log.entries.every((e) => e.action === "test.bulk")).toBe(true);
    expect((await audit("?who=cli:ops@host&page=9")).log.page).toBe(2);

    expect((await audit(`?target=${"x".repeat(300)}`)).status).toBe(400);
    // The editor above became support (their sessions ended): a fresh editor, who may not read the log.
    expect((await audit("", (await account("editor")).cookie)).status).toBe(404);
  });
});
