import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SECTIONS } from "~/lib/admin-sections";
import { can, STAFF_ROLES, STAFF_STATEMENTS, type StaffPermission, type StaffRole } from "~/lib/staff-roles";
import { session } from "#server/db/schema";
import type { ActionAccess } from "#server/http/action";
import { STAFF_SESSION_IDLE, STAFF_TWO_FACTOR_NEEDED } from "#server/http/staff-guard";
import { createRouteParams } from "../../helpers/admin-routes";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { routesWithModules } from "../../helpers/route-modules";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-role-matrix");

/*
 * The role matrix: every /admin page and every back-office action, asked by each
 * role, a member, a visitor, staff without two-factor and a staff session idle for 12 hours.
 * Nothing here is a hand-kept list: the routes come from app/routes.ts, a page's permission from
 * its `export const permission`, an action's from what defineAction declares. A route added
 * tomorrow is in the matrix the moment it is in routes.ts.
 */

const ORIGIN = "http://localhost";
const ALL_PERMISSIONS = Object.entries(STAFF_STATEMENTS).flatMap(([resource, actions]) =>
  actions.map((a) => `${resource}.${a}`),
);

type Loader = (args: unknown) => Promise<unknown>;
type Action = ((args: unknown) => Promise<unknown>) & Partial<ActionAccess>;
type RouteModule = { loader?: Loader; action?: Action; permission?: StaffPermission };

// Routes outside the /admin layout are in the matrix too when their action is a staff action (an
// upload endpoint, say) or they declare a page permission (a staff page in the public frame).
const staffSource = /access:\s*"staff"|^export const permission\b/m;
const routesUnderTest = await routesWithModules<RouteModule>(
  (r) => r.inAdmin || r.isAdminLayout || staffSource.test(fs.readFileSync(path.resolve("app", r.file), "utf8")),
);
type RouteUnderTest = (typeof routesUnderTest)[number];
const pages = routesUnderTest.filter((r) => r.inAdmin || r.isAdminLayout || r.mod.permission !== undefined);
const actions = routesUnderTest.filter((r) => r.mod.action);

type Subject = StaffRole | "member" | "visitor" | "no-two-factor" | "idle";
const SUBJECTS: readonly Subject[] = [...STAFF_ROLES, "member", "visitor", "no-two-factor", "idle"];

type Answer = { status: number; location?: string | null; cookies: string; ok?: unknown };

function outcome(value: unknown): Answer {
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("location"),
      cookies: decodeURIComponent(value.headers.getSetCookie().join("\n")),
    };
  }
  const shaped = value as { type?: string; data?: { ok?: unknown }; init?: ResponseInit | null } | null;
  if (shaped && shaped.type === "DataWithResponseInit") {
    const headers = new Headers(shaped.init?.headers);
    return {
      status: shaped.init?.status ?? 200,
      location: headers.get("location"),
      cookies: decodeURIComponent(headers.getSetCookie().join("\n")),
      ok: shaped.data?.ok,
    };
  }
  return { status: 200, cookies: "" };
}

async function call(
  fn: (args: unknown) => Promise<unknown>,
  request: Request,
  params: Record<string, string>,
): Promise<Answer> {
  try {
    return outcome(await fn({ request, params, context: { clientIp: "10.9.9.9" } }));
  } catch (thrown) {
    if (thrown instanceof Response || (thrown as { type?: string })?.type === "DataWithResponseInit")
      return outcome(thrown);
    throw thrown;
  }
}

/** What the guard answers this subject when the route needs `permission` (null: any staff member). */
function expected(subject: Subject, permission: StaffPermission | null, url: string, kind: "page" | "action") {
  const signIn = `/signin?redirectTo=${encodeURIComponent(url)}`;
  switch (subject) {
    case "visitor":
      return { status: 302, location: signIn };
    case "member":
      return { status: 404 };
    case "no-two-factor":
      return { status: 302, location: "/dashboard?section=user-info", flash: STAFF_TWO_FACTOR_NEEDED };
    case "idle":
      return { status: 302, location: signIn, flash: STAFF_SESSION_IDLE };
    default:
      if (permission !== null && !can(subject, permission)) return { status: 404 };
      // Allowed means the page itself (200), or an action that got past the guard to read its
      // (empty) body and refused it: a 400 envelope, nothing written.
      return kind === "page" ? { status: 200 } : { status: 400, ok: false };
  }
}

const resourceOf = (permission: string) => permission.split(".")[0];

/** The sidebar section a path belongs to (the longest section path that starts it; Overview only itself). */
function sectionOf(url: string) {
  return [...ADMIN_SECTIONS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((s) => url === s.path || (s.path !== "/admin" && url.startsWith(`${s.path}/`)));
}

describe("what the back office's routes declare", () => {
  it("finds the back office in app/routes.ts", () => {
    expect(routesUnderTest.some((r) => r.isAdminLayout)).toBe(true);
    expect(routesUnderTest.filter((r) => r.inAdmin && !r.isSplat).length).toBeGreaterThan(5);
  });

  it.each(routesUnderTest.filter((r) => !r.isAdminLayout).map((r) => [r.path, r] as const))(
    "%s: a page permission that agrees with its sidebar section; actions are staff actions with a write permission of the same resource",
    (_path, route) => {
      const { mod } = route;
      if ((route.inAdmin && !route.isSplat) || mod.permission !== undefined) {
        expect(mod.loader, `${route.file} needs a loader with its own guard`).toBeTypeOf("function");
        expect(ALL_PERMISSIONS, `${route.file}: export const permission = "…" satisfies StaffPermission`).toContain(
          mod.permission,
        );
        const section = sectionOf(route.path);
        if (section) {
          expect(resourceOf(mod.permission!), `${route.path} is in the ${section.title} section`).toBe(
            resourceOf(section.permission),
          );
          // Whoever sees the section in the sidebar can open its page, and nobody else.
          if (section.path === route.path) expect(mod.permission).toBe(section.permission);
        }
      }
      if (mod.action) {
        expect(
          mod.action.access,
          `${route.file}: a back-office action is defineAction({ access: "staff", permission })`,
        ).toBe("staff");
        expect(ALL_PERMISSIONS).toContain(mod.action.permission);
        expect(
          mod.action.permission!.endsWith(".read"),
          `${route.file}: a write needs more than a read permission`,
        ).toBe(false);
        if (mod.permission) expect(resourceOf(mod.action.permission!)).toBe(resourceOf(mod.permission));
      }
    },
  );
});

describeEachDatabase("the back office's role matrix", (database) => {
  const db = () => database().db;
  const cookies = new Map<Subject, string>();
  let idleSession: typeof session.$inferSelect;
  const params: Record<string, string> = {};

  useProcessDatabase(database);
  beforeAll(async () => {
    const accounts = await Promise.all([
      ...STAFF_ROLES.map(async (role) => [role, await signUpStaff(db(), role)] as const),
      (async () => ["member", await signUpStaff(db(), null)] as const)(),
      (async () => ["no-two-factor", await signUpStaff(db(), "owner", { twoFactor: false })] as const)(),
      (async () => ["idle", await signUpStaff(db(), "owner")] as const)(),
    ]);
    for (const [subject, account] of accounts) cookies.set(subject, account.cookie);
    cookies.set("visitor", "");
    const idle = accounts.find(([s]) => s === "idle")![1];
    [idleSession] = await db().select().from(session).where(eq(session.userId, idle.userId));
    Object.assign(
      params,
      await createRouteParams({ db: db(), paths: routesUnderTest.map((r) => r.path), label: "Matrix" }),
    );
  });

  /** The idle subject's session, last used 13 hours ago (the guard deletes it each time). */
  async function makeIdle() {
    const updatedAt = new Date(Date.now() - 13 * 60 * 60 * 1000);
    await db()
      .insert(session)
      .values({ ...idleSession, updatedAt })
      .onConflictDoUpdate({ target: session.id, set: { updatedAt } });
  }

  async function ask(
    subject: Subject,
    route: RouteUnderTest,
    fn: (args: unknown) => Promise<unknown>,
    kind: "page" | "action",
  ) {
    if (subject === "idle") await makeIdle();
    const url = route.path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
    const headers: Record<string, string> = { cookie: cookies.get(subject)! };
    const init: RequestInit =
      kind === "page"
        ? { headers }
        : {
            method: "POST",
            headers: { ...headers, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
            body: "",
          };
    const routeParams = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, params[m[1]!]!]));
    const answer = await call(fn, new Request(`${ORIGIN}${url}`, init), routeParams);
    if (subject === "idle" && !route.isSplat) {
      // Ended, not just refused: the session row is gone.
      expect(
        await db().select().from(session).where(eq(session.id, idleSession.id)),
        `${url}: the idle session is deleted`,
      ).toEqual([]);
    }
    return { url, answer };
  }

  function check(subject: Subject, url: string, answer: Answer, want: ReturnType<typeof expected>) {
    const label = `${subject} → ${url}`;
    expect(answer.status, label).toBe(want.status);
    if ("location" in want) expect(answer.location, label).toBe(want.location);
    if ("flash" in want) expect(answer.cookies, label).toContain(want.flash);
    if ("ok" in want) expect(answer.ok, label).toBe(want.ok);
  }

  it.each(pages.map((r) => [`${r.path} (${r.file})`, r] as const))("page %s", async (_path, route) => {
    const { mod } = route;
    expect(mod.loader).toBeTypeOf("function");
    for (const subject of SUBJECTS) {
      const { url, answer } = await ask(subject, route, mod.loader!, "page");
      // The catch-all is the back office's 404 page for everyone (the layout's guard runs beside it).
      if (route.isSplat) expect(answer.status, `${subject} → ${url}`).toBe(404);
      else check(subject, url, answer, expected(subject, route.isAdminLayout ? null : mod.permission!, url, "page"));
    }
  });

  it.each(actions.map((r) => [`${r.path} (${r.file})`, r] as const))("action %s", async (_path, route) => {
    const action = route.mod.action!;
    expect(action.access).toBe("staff");
    for (const subject of SUBJECTS) {
      const { url, answer } = await ask(subject, route, action, "action");
      check(subject, url, answer, expected(subject, action.permission!, url, "action"));
    }
  });

  // A cross-site post without Origin (the browser still says where it comes from) is refused
  // before the guard, whoever's cookie it carries: an owner's most of all.
  it.each(actions.map((r) => [`${r.path} (${r.file})`, r] as const))(
    "action %s refuses a cross-site post without Origin (403)",
    async (_path, route) => {
      const url = route.path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
      const routeParams = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, params[m[1]!]!]));
      for (const fetchSite of ["cross-site", "same-site"]) {
        const request = new Request(`${ORIGIN}${url}`, {
          method: "POST",
          headers: {
            cookie: cookies.get("owner")!,
            "sec-fetch-site": fetchSite,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "",
        });
        const answer = await call(route.mod.action!, request, routeParams);
        expect(answer.status, `${fetchSite} → ${url}`).toBe(403);
        expect(answer.ok, `${fetchSite} → ${url}`).toBe(false);
      }
    },
  );
});
