import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminPages, declaredRoutes } from "../../helpers/admin-routes";

/*
 * Rules every route module keeps, read from the source: a new route that skips them fails here
 * instead of shipping without an origin check or an error screen, or under a name that hides
 * which URL it serves.
 */
const dir = path.resolve("app/routes");
/** Every route module, as a path under app/routes ("admin/plans/admin.plans.$planId.tsx"). */
const modules = fs
  .readdirSync(dir, { recursive: true, encoding: "utf8" })
  .map((f) => f.split(path.sep).join("/"))
  .filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))
  .sort();
const source = (file: string) => fs.readFileSync(path.join(dir, file), "utf8");

describe("route modules", () => {
  it("finds the routes", () => {
    expect(modules.length).toBeGreaterThan(20);
  });

  it.each(modules.filter((f) => /export (const|async function|function) action\b/.test(source(f))))(
    "%s: its action is built by defineAction (the one pipeline: 405, origin, session, body, schema, envelope)",
    (file) => {
      expect(source(file)).toMatch(/export const action = defineAction\(/);
    },
  );

  it.each(modules.filter((f) => f.endsWith(".tsx")))("%s: a page exports the shared ErrorBoundary", (file) => {
    expect(source(file)).toContain(
      'export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";',
    );
  });

  // The role matrix (admin-role-matrix.test.ts) reads each page's declared permission; this keeps
  // the declaration and the guard one and the same value, so they cannot drift apart.
  // Every page under the /admin layout, and any other page whose loader uses the staff guard.
  const staffPages = [
    ...new Set([
      ...adminPages().map((r) => r.file.replace(/^routes\//, "")),
      ...modules.filter((f) => /requireStaffPermission\(/.test(source(f))),
    ]),
  ];
  it.each(staffPages)(
    "%s: a back-office page declares its permission and its loader guards with exactly that",
    (file) => {
      expect(source(file)).toMatch(/^export const permission = "[a-z]+\.[a-z]+" satisfies StaffPermission;$/m);
      expect(source(file)).toMatch(
        /export async function loader\([^)]*\)[^{]*\{\s*(const \{[^}]*\} = )?await requireStaffPermission\(request, permission\);/,
      );
    },
  );
});

/**
 * The folders a route's module may sit in: its audience's. The back office's pages sit in their
 * section's folder (`admin/<section>/`, named as in every other layer; `overview` for /admin
 * itself), its layout and its 404 page in `admin/`; the member's pages in `dashboard/`; the JSON
 * endpoints in `api/` (`api/dashboard/`, `api/admin/` and `api/portal/` for the member's, the back office's
 * and the Telegram portal's); the Telegram portal's page (/tg) in `portal/`;
 * every other page in `site/` (the public site) or `auth/` (signing in and up, passwords,
 * invitations), which the path alone cannot tell apart.
 */
function routeFolders(route: { path: string; isIndex: boolean; isAdminLayout: boolean }): string[] {
  const [first, second] = route.path.split("/").filter(Boolean);
  if (first === "api")
    return [second === "dashboard" || second === "admin" || second === "portal" ? `api/${second}` : "api"];
  if (first === "tg") return ["portal"];
  if (first === "dashboard") return ["dashboard"];
  if (first === "admin") {
    if (route.isAdminLayout || second === "*") return ["admin"];
    if (second === undefined) return ["admin/overview"];
    return [`admin/${second.split(".")[0]}`];
  }
  return ["site", "auth"];
}

/**
 * The file name (without extension) React Router's flat-routes convention gives a route's full
 * path: a dot for each slash, `$name` for `:name`, `$` for the splat, `[.]` for a literal dot,
 * and `_index` after the parent's path for an index route.
 */
function routeFileBase(path: string, isIndex: boolean): string {
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment === "*" ? "$" : segment.replace(/^:/, "$").replaceAll(".", "[.]")));
  return [...segments, ...(isIndex ? ["_index"] : [])].join(".");
}

describe("route file names", () => {
  const routes = declaredRoutes();

  it("spells a path the way the convention does", () => {
    expect(routeFileBase("/admin/plans/:planId", false)).toBe("admin.plans.$planId");
    expect(routeFileBase("/blog/rss.xml", false)).toBe("blog.rss[.]xml");
    expect(routeFileBase("/admin/*", false)).toBe("admin.$");
    expect(routeFileBase("/admin", true)).toBe("admin._index");
    expect(routeFileBase("/", true)).toBe("_index");
  });

  it("puts a route in its audience's folder", () => {
    const folder = (path: string, isIndex = false, isAdminLayout = false) =>
      routeFolders({ path, isIndex, isAdminLayout });
    expect(folder("/admin", false, true)).toEqual(["admin"]);
    expect(folder("/admin", true)).toEqual(["admin/overview"]);
    expect(folder("/admin/members.csv")).toEqual(["admin/members"]);
    expect(folder("/admin/posts/preview/:previewId")).toEqual(["admin/posts"]);
    expect(folder("/api/admin/members/:memberId/balance")).toEqual(["api/admin"]);
    expect(folder("/api/signin/passkey")).toEqual(["api"]);
    expect(folder("/pricing")).toEqual(["site", "auth"]);
  });

  it.each(routes.map((route) => [route.file, route] as const))(
    "%s is named for the path it serves, in its audience's folder",
    (file, route) => {
      const folder = path.posix.dirname(file.replace(/^routes\//, ""));
      const base = path.posix.basename(file).replace(/\.tsx?$/, "");
      if (route.isPathlessLayout) expect(base, "a pathless layout is named _<name>").toMatch(/^_[a-z][a-z-]*$/);
      else expect(base, route.path).toBe(routeFileBase(route.path, route.isIndex));
      const layoutPath = route.isPathlessLayout ? `/${base.slice(1)}` : route.path;
      expect(routeFolders({ ...route, path: layoutPath }), route.path).toContain(folder);
    },
  );

  it("every route module is declared in app/routes.ts exactly once", () => {
    const declared = routes.map((route) => route.file.replace(/^routes\//, ""));
    expect(
      declared.filter((file, i) => declared.indexOf(file) !== i),
      "a module serving two paths cannot be named for both",
    ).toEqual([]);
    expect(modules.filter((file) => !declared.includes(file)).sort()).toEqual([]);
  });
});
