import { beforeAll, expect, it } from "vitest";
import { withActions, type RouteWithAction } from "../../helpers/action-bodies";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("cross-site-actions");

/*
 * Every member and visitor action of app/routes.ts (the back office's are in the role matrix),
 * posted the way a hostile page's form arrives from a browser that sends no Origin: only
 * `Sec-Fetch-Site` says where it comes from. Each is refused with the pipeline's 403 while a
 * member is signed in; the one route that states why it takes cross-site posts is the exception.
 */

const memberAndVisitorActions = withActions.filter((r) => r.action.access !== "staff" && !r.action.crossSiteBecause);
const exempt = withActions.filter((r) => r.action.crossSiteBecause);

/** What an action answered, thrown or returned: a Response or React Router's `data(…)`. */
function statusAndBody(value: unknown): { status: number; body?: unknown } {
  if (value instanceof Response) return { status: value.status };
  const shaped = value as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (shaped?.type === "DataWithResponseInit") return { status: shaped.init?.status ?? 200, body: shaped.data };
  return { status: 200, body: value };
}

async function postCrossSite(route: RouteWithAction, fetchSite: string, cookie: string) {
  const url = `http://localhost${route.path.replace(/:(\w+)/g, "x")}`;
  const request = new Request(url, {
    method: "POST",
    headers: { cookie, "sec-fetch-site": fetchSite, "content-type": "application/x-www-form-urlencoded" },
    body: "email=attacker%40evil.example&password=Attacker1",
  });
  try {
    return statusAndBody(await route.action({ request, params: {}, context: { clientIp: "10.8.8.8" } }));
  } catch (thrown) {
    return statusAndBody(thrown);
  }
}

it("walks the member and visitor actions of app/routes.ts, sign-in and the account changes among them", () => {
  const paths = memberAndVisitorActions.map((r) => r.path);
  for (const path of [
    "/signin",
    "/join/details",
    "/api/dashboard/email",
    "/api/dashboard/password",
    "/api/dashboard/purchase",
    "/api/contact",
    "/logout",
  ]) {
    expect(paths).toContain(path);
  }
  expect(exempt.map((r) => r.path).sort()).toEqual(["/broadcasts/unsubscribe", "/newsletter/unsubscribe"]);
});

describeEachDatabase("cross-site posts without Origin", (database) => {
  let memberCookie = "";
  useProcessDatabase(database);
  beforeAll(async () => {
    memberCookie = (await signUpStaff(database().db, null)).cookie;
  });

  it.each(memberAndVisitorActions.map((r) => [`${r.path} (${r.file})`, r] as const))(
    "%s refuses Sec-Fetch-Site cross-site and same-site (403)",
    async (_label, route) => {
      for (const fetchSite of ["cross-site", "same-site"]) {
        const answer = await postCrossSite(route, fetchSite, memberCookie);
        expect(answer, `${fetchSite} → ${route.path}`).toEqual({
          status: 403,
          body: { ok: false, error: "Cross-site request refused." },
        });
      }
    },
  );

  it("the one-click unsubscribe still takes them: a bad token is answered by the page, not the check", async () => {
    for (const route of exempt) {
      const answer = await postCrossSite(route, "cross-site", "");
      expect(answer.status, route.path).toBe(400);
      expect(answer.body, route.path).toMatchObject({ state: "invalid" });
    }
  });
});
