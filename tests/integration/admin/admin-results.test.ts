import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { csvMessages } from "~/lib/results-csv";
import type { StaffRole } from "~/lib/staff-roles";
import { MAX_CSV_CHARS, resultMessages } from "~/lib/validation/admin/results";
import { loader as adminLoader } from "~/routes/admin/admin";
import { action as resultsAction, loader as resultsLoader } from "~/routes/admin/results/admin.results";
import { loader as publicResultsLoader } from "~/routes/site/results";
import { watchContentChanges } from "#server/content/watch-content-changes";
import { auditLog, results } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-results");

const post = (form: Record<string, string> | string, cookie: string, headers: Record<string, string> = {}) =>
  callAction(resultsAction, { path: "/admin/results", form, cookie, headers, clientIp: "10.0.0.7" });

const valid = {
  type: "forex",
  title: "November 2026",
  signals: "40",
  wins: "27",
  losses: "12",
  totalPercentage: "38.5",
  winRate: "69.23",
};
const HEADER = "type,title,signals,wins,losses,total_percentage,win_rate,published";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describeEachDatabase("the back office's Results section", (database) => {
  const db = () => database().db;
  const account = (role: StaffRole | null, options: { twoFactor?: boolean } = {}) => signUpStaff(db(), role, options);
  const rowsOf = (type: "forex" | "spot" | "broadcastai") =>
    db().select().from(results).where(eq(results.type, type)).orderBy(asc(results.displayOrder), asc(results.id));
  const auditOf = (action: string) =>
    db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));

  let editor: Awaited<ReturnType<typeof account>>;
  useProcessDatabase(database);
  beforeAll(async () => {
    editor = await account("editor");
  });

  it("is a section for editors and admins; support staff, members and visitors never reach it", async () => {
    const admin = await account("admin");
    const support = await account("support");
    const member = await account(null);
    const sections = async (cookie: string) =>
      ((await callLoader(adminLoader, { path: "/admin", cookie })).data!.sections as { key: string }[]).map(
        (s) => s.key,
      );
    expect(await sections(editor.cookie)).toContain("results");
    expect(await sections(admin.cookie)).toContain("results");
    expect(await sections(support.cookie)).not.toContain("results");

    const page = await callLoader(resultsLoader, { path: "/admin/results?type=spot", cookie: editor.cookie });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ type: "spot", rows: [], canWrite: true });
    // An unknown tab is the public page's default one.
    expect(
      (await callLoader(resultsLoader, { path: "/admin/results?type=nope", cookie: admin.cookie })).data!.type,
    ).toBe("low_lev_futures");

    expect(await callLoader(resultsLoader, { path: "/admin/results", cookie: support.cookie })).toMatchObject({
      status: 404,
    });
    expect(await callLoader(resultsLoader, { path: "/admin/results", cookie: member.cookie })).toMatchObject({
      status: 404,
    });
    expect(await callLoader(resultsLoader, { path: "/admin/results" })).toMatchObject({
      status: 302,
      location: "/signin?redirectTo=%2Fadmin%2Fresults",
    });
    for (const who of [support, member]) {
      expect((await post({ intent: "create", ...valid }, who.cookie)).status).toBe(404);
    }
    // A visitor's post is sent to sign in, like the page.
    expect((await post({ intent: "create", ...valid }, "")).status).toBe(302);
    // Another site's form is refused before anything is read.
    expect((await post({ intent: "create", ...valid }, editor.cookie, { origin: "https://evil.example" })).status).toBe(
      403,
    );
    expect(await rowsOf("forex")).toEqual([]);
  });

  it("adds a result at the end of its tab, audited under the editor's name", async () => {
    const first = await post({ intent: "create", ...valid, published: "true" }, editor.cookie);
    expect(first).toEqual({ status: 200, data: { ok: true, message: "Added “November 2026” to Forex (published)." } });
    const second = await post(
      { intent: "create", ...valid, title: "December 2026", totalPercentage: "-4", winRate: "69" },
      editor.cookie,
    );
    expect(second.data).toMatchObject({ ok: true, message: "Added “December 2026” to Forex as a draft." });
    const rows = await rowsOf("forex");
    expect(
      rows.map((r) => [r.title, r.displayOrder, r.published, Number(r.totalPercentage), Number(r.winRate)]),
    ).toEqual([
      ["November 2026", 1, true, 38.5, 69.23],
      ["December 2026", 2, false, -4, 69],
    ]);
    const [audit] = await auditOf("result.created");
    expect(audit).toMatchObject({
      actorUserId: editor.userId,
      actorLabel: editor.email,
      actorRole: "editor",
      targetType: "result",
      targetId: String(rows[0]!.id),
      summary: "Added forex · November 2026 (published)",
      ipAddress: "10.0.0.7",
    });
    expect(audit!.after).toMatchObject({
      title: "November 2026",
      signals: 40,
      wins: 27,
      losses: 12,
      winRate: 69.23,
      published: true,
    });
    const listed = await callLoader(resultsLoader, { path: "/admin/results?type=forex", cookie: editor.cookie });
    expect((listed.data!.rows as { title: string }[]).map((r) => r.title)).toEqual(["November 2026", "December 2026"]);
    expect((listed.data!.counts as Record<string, unknown>).forex).toEqual({ total: 2, published: 1 });
  });

  it("refuses each invalid result with a clear message and writes nothing", async () => {
    const before = (await rowsOf("spot")).length;
    const refusals: [Record<string, string>, string, string][] = [
      [{ title: "  " }, "title", "Title is required"],
      [{ type: "stocks" }, "type", resultMessages.type],
      [{ signals: "-1" }, "signals", resultMessages.count("Signals")],
      [{ wins: "2.5" }, "wins", resultMessages.count("Wins")],
      [{ signals: "30" }, "losses", resultMessages.closedOverSignals(39, 30)],
      [{ winRate: "101" }, "winRate", resultMessages.winRate],
      [{ winRate: "-3" }, "winRate", resultMessages.winRate],
      [{ winRate: "75" }, "winRate", resultMessages.winRateMismatch(69.23)],
      [{ wins: "0", losses: "0", winRate: "50" }, "winRate", resultMessages.winRateNoClosed],
      [{ totalPercentage: "12.345" }, "totalPercentage", resultMessages.totalPercentage],
      [{ totalPercentage: "abc" }, "totalPercentage", resultMessages.totalPercentage],
      [{ totalPercentage: "" }, "totalPercentage", "Total percentage is required."],
      [{ published: "maybe" }, "published", resultMessages.published],
    ];
    for (const [change, field, message] of refusals) {
      const answer = await post({ intent: "create", ...valid, type: "spot", ...change }, editor.cookie);
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.data.fieldErrors, JSON.stringify(change)).toMatchObject({ [field]: message });
    }
    // A win rate rounded to a whole percent is accepted (69.23 → 69); 0.57 off is not.
    expect((await post({ intent: "create", ...valid, type: "spot", winRate: "69.8" }, editor.cookie)).status).toBe(400);
    expect((await post({ intent: "frobnicate", ...valid }, editor.cookie)).status).toBe(400);
    expect((await post({ intent: "update", id: "abc", ...valid }, editor.cookie)).data.fieldErrors).toMatchObject({
      id: "Which result?",
    });
    expect(await rowsOf("spot")).toHaveLength(before);
  });

  it("edits, publishes, moves and deletes, each audited; a missing row is 404 and the list's end 409", async () => {
    for (const title of ["A", "B", "C"])
      await post({ intent: "create", ...valid, type: "broadcastai", title }, editor.cookie);
    const [a, b, c] = await rowsOf("broadcastai");
    const edited = await post(
      { intent: "update", id: String(b!.id), ...valid, type: "broadcastai", title: "B, revised", signals: "41" },
      editor.cookie,
    );
    expect(edited.data).toEqual({ ok: true, message: "Saved “B, revised”." });
    const [updateAudit] = await auditOf("result.updated");
    expect(updateAudit!.before).toMatchObject({ title: "B", signals: 40 });
    expect(updateAudit!.after).toMatchObject({ title: "B, revised", signals: 41 });
    // The same values again change nothing and write no audit row.
    expect(
      (
        await post(
          { intent: "update", id: String(b!.id), ...valid, type: "broadcastai", title: "B, revised", signals: "41" },
          editor.cookie,
        )
      ).data,
    ).toEqual({
      ok: true,
      message: "Nothing to change.",
    });
    expect(await auditOf("result.updated")).toHaveLength(1);
    // Moved to another type: to the end of that tab.
    await post({ intent: "update", id: String(c!.id), ...valid, type: "spot", title: "C" }, editor.cookie);
    expect((await rowsOf("spot")).at(-1)!.id).toBe(c!.id);
    await post({ intent: "update", id: String(c!.id), ...valid, type: "broadcastai", title: "C" }, editor.cookie);

    expect((await post({ intent: "publish", id: String(a!.id), published: "true" }, editor.cookie)).data).toMatchObject(
      { ok: true, message: "Published “A” on /results." },
    );
    expect((await post({ intent: "publish", id: String(a!.id), published: "true" }, editor.cookie)).data).toMatchObject(
      { message: "“A” is already published." },
    );
    expect(await auditOf("result.published")).toHaveLength(1);
    await post({ intent: "publish", id: String(a!.id), published: "false" }, editor.cookie);
    expect((await auditOf("result.unpublished"))[0]).toMatchObject({
      before: { published: true },
      after: { published: false },
    });

    expect((await post({ intent: "move", id: String(a!.id), direction: "down" }, editor.cookie)).status).toBe(200);
    expect((await rowsOf("broadcastai")).map((r) => [r.title, r.displayOrder])).toEqual([
      ["B, revised", 1],
      ["A", 2],
      ["C", 3],
    ]);
    const moved = await auditOf("result.reordered");
    expect(moved[0]).toMatchObject({
      summary: "Moved broadcastai · A down (place 1 → 2)",
      before: { order: [a!.id, b!.id, c!.id] },
      after: { order: [b!.id, a!.id, c!.id] },
    });
    const edge = await post({ intent: "move", id: String(c!.id), direction: "down" }, editor.cookie);
    expect(edge).toMatchObject({
      status: 409,
      data: { ok: false, error: "This result is already at that end of the list." },
    });
    expect((await post({ intent: "move", id: String(a!.id), direction: "sideways" }, editor.cookie)).status).toBe(400);

    expect((await post({ intent: "delete", id: String(b!.id) }, editor.cookie)).data).toEqual({
      ok: true,
      message: "Deleted “B, revised”.",
    });
    expect((await auditOf("result.deleted"))[0]!.before).toMatchObject({ title: "B, revised", type: "broadcastai" });
    const intents: Record<string, string>[] = [
      { intent: "delete" },
      { intent: "publish", published: "true" },
      { intent: "move", direction: "up" },
    ];
    for (const intent of intents) {
      const gone = await post({ ...intent, id: String(b!.id) }, editor.cookie);
      expect(gone, intent.intent).toMatchObject({
        status: 404,
        data: { ok: false, error: "This result no longer exists: reload the page." },
      });
    }
    expect((await post({ intent: "update", id: String(b!.id), ...valid }, editor.cookie)).status).toBe(404);
  });

  it("a change reaches the public /results page and announces itself to empty every page cache", async () => {
    const seen: string[] = [];
    stops.push(await watchContentChanges({ database: database(), onChange: (table) => seen.push(table) }));
    await post({ intent: "create", ...valid, type: "spot", title: "Public spot" }, editor.cookie);
    const titles = async () =>
      (
        (await callLoader(publicResultsLoader, { path: "/results?type=spot" })).data!.results as { title: string }[]
      ).map((r) => r.title);
    expect(await titles()).not.toContain("Public spot");
    const [row] = await db()
      .select()
      .from(results)
      .where(and(eq(results.type, "spot"), eq(results.title, "Public spot")));
    await post({ intent: "publish", id: String(row!.id), published: "true" }, editor.cookie);
    expect(await titles()).toContain("Public spot");
    await vi.waitFor(() => expect(seen.filter((t) => t === "results").length).toBeGreaterThanOrEqual(2));
  });

  it("imports a CSV only when every row is valid: per-row errors, nothing partial, one audit row per import", async () => {
    const before = await rowsOf("forex");
    const bad = [
      HEADER,
      "forex,January 2027,30,20,10,25.5,66.67,true",
      "forex,February 2027,10,8,5,12,61.54,false", // wins + losses > signals
      "spot,,10,5,5,1.234,50,", // no title, 3 decimals
      '"forex","March 2027, part 1",12,6,6,3,50,yes',
      "forex,April 2027,12,6",
    ].join("\n");
    const refused = await post({ intent: "import", csv: bad }, editor.cookie);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      error: "3 rows of 5 have errors: nothing was imported.",
      csvError: null,
    });
    expect(refused.data.rowErrors).toEqual([
      { line: 3, errors: { losses: resultMessages.closedOverSignals(13, 10) } },
      { line: 4, errors: { title: "Title is required", total_percentage: resultMessages.totalPercentage } },
      { line: 6, errors: { row: csvMessages.cellCount(4, 8) } },
    ]);
    expect(await rowsOf("forex")).toEqual(before);
    expect(await auditOf("results.imported")).toEqual([]);

    const headerless = await post({ intent: "import", csv: "kind,title\nforex,x" }, editor.cookie);
    expect(headerless).toMatchObject({ status: 400, data: { error: csvMessages.unknown(["kind"]) } });
    expect((await post({ intent: "import", csv: HEADER }, editor.cookie)).data.error).toBe(csvMessages.noRows);
    expect((await post({ intent: "import", csv: "" }, editor.cookie)).data.fieldErrors).toMatchObject({
      csv: "Paste CSV or choose a file.",
    });
    expect(
      (await post({ intent: "import", csv: `${HEADER}\n${"x".repeat(MAX_CSV_CHARS)}` }, editor.cookie)).status,
    ).toBe(400);
    // Above the action pipeline's 64 KB body cap: refused before it is parsed.
    expect(
      (await post(new URLSearchParams({ intent: "import", csv: "x".repeat(70_000) }).toString(), editor.cookie)).status,
    ).toBe(413);

    const good = [
      "\uFEFFTitle,Type,Signals,Wins,Losses,Total_Percentage,Win_Rate", // any order, any case, a BOM, no published column
      "January 2027,Forex,30,20,10,25.5,66.67",
      '"March 2027, part 1",forex,12,6,6,3,50',
      "Q1 2027,spot,5,0,0,0,0",
      "",
    ].join("\r\n");
    const imported = await post({ intent: "import", csv: good }, editor.cookie);
    expect(imported).toEqual({ status: 200, data: { ok: true, message: "Imported 3 results (0 published)." } });
    const after = await rowsOf("forex");
    expect(after.slice(before.length).map((r) => [r.title, r.displayOrder, r.published])).toEqual([
      ["January 2027", before.at(-1)!.displayOrder + 1, false],
      ["March 2027, part 1", before.at(-1)!.displayOrder + 2, false],
    ]);
    const audits = await auditOf("results.imported");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorLabel: editor.email,
      targetType: "results",
      summary: "Imported 3 results from CSV (forex 2, spot 1); 0 published, 3 draft",
      after: { count: 3, published: 0 },
    });
  });
});
