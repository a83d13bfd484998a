import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { createRouteParams, PARAM_NAMES } from "../../helpers/admin-routes";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { fillListsPastOnePage } from "../../helpers/list-rows";
import { captureLogLines } from "../../helpers/log-capture";
import { routesExporting } from "../../helpers/route-modules";
import { callLoader, NUMBER_EDGES } from "../../helpers/route-request";
import { signUpOwnerAndMember } from "../../helpers/staff";

withTestDataDir("query-values");

/*
 * A query string is typed by whoever edits the address: a page of 1.01 made a fractional OFFSET,
 * and a number past PostgreSQL's integer fails its query. Every loader of app/routes.ts gets
 * values at and past the edges in every query name the app reads (found in its sources and its
 * query schemas, no hand-kept list), all at once and, for the names its own module or the modules
 * it imports mention, one at a time. Each answer is below 500 and nothing is logged.
 * A list clamps its page to the pages it has, so a page rule that fails only past the first page
 * (the referrals page's did) is met only with more rows than a page holds: every list gets them
 * (list-rows.ts), and a page of 2 opens its second page.
 */
/** Per name: the numbers (2: a second page, which every list has here), and text where a number or a date is read. */
const EDGES = [...NUMBER_EDGES, "2", "abc", "2026-02-30"];
/** Only in the all-at-once requests (every name gets them there): none at all, and 3 000 digits. */
const WHOLE_EDGES = ["", "9".repeat(3000)];

type Loader = (args: never) => unknown;
const sourceFiles = {
  ...import.meta.glob<string>(["../../../app/**/*.{ts,tsx}", "!**/*.test.*"], { query: "?raw", import: "default" }),
  ...import.meta.glob<string>(["../../../server/**/*.ts", "!**/*.test.*"], { query: "?raw", import: "default" }),
};
const validationModules = import.meta.glob<Record<string, unknown>>([
  "../../../app/lib/validation/**/*.ts",
  "!**/*.test.ts",
]);

const readSource = async (file: string) => (await sourceFiles[file]?.()) ?? "";
/** A module's text and that of the app's modules it imports (one level: where a loader's query is read). */
async function sourceWithImports(file: string): Promise<string> {
  const text = await readSource(file);
  const imported = [...text.matchAll(/from "(~|#server)\/([^"]+)"/g)].map(([, root, rest]) => {
    const base = `../../../${root === "~" ? "app" : "server"}/${rest!.replace(/\.ts$/, "")}`;
    return [".ts", ".tsx", "/index.ts"].map((ending) => base + ending).find((candidate) => candidate in sourceFiles);
  });
  return [text, ...(await Promise.all(imported.filter((f) => f !== undefined).map(readSource)))].join("\n");
}

/** Every query name the app reads: `get("name")` anywhere, and the keys of its query schemas. */
const QUERY_NAMES = [
  ...new Set([
    ...(await Promise.all(Object.values(validationModules).map((load) => load()))).flatMap((mod) =>
      Object.entries(mod)
        .filter(([name, value]) => /query|filter|params|thread|check/i.test(name) && value instanceof z.ZodObject)
        .flatMap(([, value]) => Object.keys((value as z.ZodObject).shape)),
    ),
    ...(await Promise.all(Object.keys(sourceFiles).map(readSource))).flatMap((text) => [
      ...[...text.matchAll(/\bget\("(\w+)"\)/g)].map((m) => m[1]!),
      // A pair of dates read in a loop, `for (const [name, label] of [["from", "From"], …]) get(name)`.
      ...(text.includes("get(name)") ? [...text.matchAll(/\[\s*"(\w+)",\s*"/g)].map((m) => m[1]!) : []),
    ]),
  ]),
];

const withLoaders = await routesExporting<"loader", Loader>("loader");
const loaders = await Promise.all(
  withLoaders.map(async (route) => {
    const text = await sourceWithImports(`../../../app/${route.file}`);
    return { ...route, ownNames: QUERY_NAMES.filter((name) => new RegExp(`["'\\s.{,]${name}\\b`).test(text)) };
  }),
);

describe("the query names the loaders read", () => {
  it("are found in the sources and the query schemas", () => {
    expect(QUERY_NAMES).toEqual(
      expect.arrayContaining(["page", "q", "before", "ledger", "who", "days", "section", "from", "joinedTo"]),
    );
    const byPath = new Map(loaders.map((r) => [r.path, r.ownNames]));
    expect(byPath.get("/admin/referrals")).toContain("page");
    expect(byPath.get("/admin/money")).toEqual(expect.arrayContaining(["kind", "from", "before", "member"]));
  });
});

describeEachDatabase("an edge value in any loader's query string", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  const cookies = { staff: "", member: "" };
  const params: Record<string, string> = {};
  let logged: ReturnType<typeof captureLogLines>;
  beforeAll(async () => {
    const { owner, member } = await signUpOwnerAndMember(db());
    Object.assign(cookies, { staff: owner.cookie, member: member.cookie });
    // A row for each parameter tests know how to make; any other (a blog slug, a receipt) reads as
    // one that does not exist, which its loader answers with a 404.
    const paths = loaders.map((r) =>
      r.path.replace(/:(\w+)/g, (part, name: string) => (PARAM_NAMES.has(name) ? part : "x")),
    );
    Object.assign(params, await createRouteParams({ db: db(), paths, label: "Query" }));
    // The member page's member is the one whose ledger and referrals run past a page.
    await fillListsPastOnePage({ db: db(), memberId: params.memberId!, label: "Query" });
  });
  beforeEach(() => {
    logged = captureLogLines({ level: "warn" });
    setSingleton("logger", logged.log);
  });
  afterEach(() => resetSingleton("logger"));

  /** A route's address with its parameters filled in, and who asks for it. */
  function addressOf(route: (typeof loaders)[number]) {
    const value = (name: string) => params[name] ?? "unknown";
    const url = route.path.replace(/:(\w+)/g, (_, name: string) => value(name)).replace(/\*$/, "unknown");
    const routeParams = Object.fromEntries(
      [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, value(name!)]),
    );
    // An owner may open every back-office page; every other page is asked by a signed-in member.
    const cookie = route.inAdmin || route.isAdminLayout ? cookies.staff : cookies.member;
    return { url, routeParams, cookie };
  }

  it.each(loaders.map((route) => [route.path, route] as const))(
    "%s: answered below 500, with every name at once and with its own one at a time; nothing is logged",
    async (label, route) => {
      const { url, routeParams, cookie } = addressOf(route);
      const requests = [
        { names: QUERY_NAMES, edges: [...EDGES, ...WHOLE_EDGES] },
        ...route.ownNames.map((name) => ({ names: [name], edges: EDGES })),
      ];
      for (const { names, edges } of requests) {
        // The edges of one name at once, as the addresses of several tabs would arrive.
        await Promise.all(
          edges.map(async (edge) => {
            const query = new URLSearchParams(names.map((name) => [name, edge]));
            const answer = await callLoader(route.loader, { path: `${url}?${query}`, params: routeParams, cookie });
            const what = `${label}?${names.length > 1 ? "(every name)" : names[0]}=${edge.slice(0, 24)}`;
            expect(answer.status, what).toBeLessThan(500);
          }),
        );
      }
      expect(logged.output(), `${label}: nothing is logged as an error`).toBe("");
    },
  );

  // The rows are there for the edges to meet: every paged list has a second page.
  it("every paged list has a second page for the edges to land on", async () => {
    const pages = await Promise.all(
      loaders.map(async (route) => {
        const { url, routeParams, cookie } = addressOf(route);
        // Search lists nothing until asked for something, and pages one kind: the listed members.
        // The member page pages its member's ledger.
        const query =
          { "/admin/search": "q=listed&kind=members&page=2", "/admin/members/:memberId": "ledger=2" }[route.path] ??
          "page=2";
        const answer = await callLoader(route.loader, { path: `${url}?${query}`, params: routeParams, cookie });
        expect(answer.status, route.path).toBeLessThan(500);
        return { path: route.path, pages: pagesIn(answer.data) };
      }),
    );
    const paged = pages.filter((route) => route.pages.length > 0);
    expect(paged.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/admin/members",
        "/admin/members/:memberId",
        "/admin/search",
        "/admin/referrals",
        "/admin/audit-log",
        "/admin/newsletter",
        "/admin/inbox",
        "/admin/posts",
        "/admin/money/renewals",
      ]),
    );
    expect(paged.filter((route) => Math.max(...route.pages) < 2)).toEqual([]);
  });
});

/** Every number the answer names `page`, however deep. */
function pagesIn(data: unknown): number[] {
  if (data === null || typeof data !== "object") return [];
  return Object.entries(data).flatMap(([key, value]) =>
    key === "page" && typeof value === "number" ? [value] : pagesIn(value),
  );
}
