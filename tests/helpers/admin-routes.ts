import routes from "~/routes";

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/** A route of app/routes.ts with its full path ("/admin/plans/:planId") and where it sits. */
export type DeclaredRoute = {
  /** Relative to app/, as routes.ts names it: "routes/admin.plans.edit.tsx". */
  file: string;
  path: string;
  /** The /admin layout itself. */
  isAdminLayout: boolean;
  /** A page under the /admin layout (its loader needs its own guard, DESIGN.md §8). */
  inAdmin: boolean;
  /** A catch-all ("*"): the back office's 404 page. */
  isSplat: boolean;
};

/** Every route in app/routes.ts, walked, so a route added there is seen by the tests that use this. */
export function declaredRoutes(): DeclaredRoute[] {
  const found: DeclaredRoute[] = [];
  const walk = (entries: readonly RouteEntry[], parentPath: string, inAdmin: boolean) => {
    for (const entry of entries) {
      const path = entry.path ? `${parentPath.replace(/\/$/, "")}/${entry.path}` : parentPath;
      const isAdminLayout = !inAdmin && path === "/admin" && !!entry.children;
      found.push({ file: entry.file, path, isAdminLayout, inAdmin, isSplat: entry.path === "*" });
      if (entry.children) walk(entry.children, path, inAdmin || isAdminLayout);
    }
  };
  walk(routes as readonly RouteEntry[], "/", false);
  return found;
}

/** The pages under /admin (the layout and the catch-all left out). */
export function adminPages(): DeclaredRoute[] {
  return declaredRoutes().filter((r) => r.inAdmin && !r.isSplat);
}
