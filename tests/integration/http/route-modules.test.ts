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
const modules = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
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

  it.each(routes.map((route) => [route.file, route] as const))("%s is named for the path it serves", (file, route) => {
    const base = file.replace(/^routes\//, "").replace(/\.tsx?$/, "");
    if (route.isPathlessLayout) expect(base, "a pathless layout is named _<name>").toMatch(/^_[a-z][a-z-]*$/);
    else expect(base, route.path).toBe(routeFileBase(route.path, route.isIndex));
  });

  it("every route module is declared in app/routes.ts exactly once", () => {
    const declared = routes.map((route) => route.file.replace(/^routes\//, ""));
    expect(
      declared.filter((file, i) => declared.indexOf(file) !== i),
      "a module serving two paths cannot be named for both",
    ).toEqual([]);
    expect(modules.filter((file) => !declared.includes(file)).sort()).toEqual([]);
  });
});
