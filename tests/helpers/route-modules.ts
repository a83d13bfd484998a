import { declaredRoutes, type DeclaredRoute } from "./admin-routes";

/*
 * For Vitest only: `import.meta.glob` is Vite's, and the browser tests (Playwright) import
 * admin-routes.ts too, so the route modules are loaded from this file of their own.
 */

const routeModules = import.meta.glob<Record<string, unknown>>("../../app/routes/**/*.{ts,tsx}");

/**
 * Declared routes (those `where` keeps, all by default) with their modules loaded, typed as the
 * caller reads them (`loader`, `action`, `permission`…). The one place tests import every route.
 */
export async function routesWithModules<Module>(
  where: (route: DeclaredRoute) => boolean = () => true,
): Promise<(DeclaredRoute & { mod: Module })[]> {
  return Promise.all(
    declaredRoutes()
      .filter(where)
      .map(async (route) => {
        const load = routeModules[`../../app/${route.file}`];
        if (!load) throw new Error(`${route.file}: not found under app/routes`);
        return { ...route, mod: (await load()) as Module };
      }),
  );
}

/**
 * The declared routes whose module exports `name` as a function, with it under that name: the
 * loaders a query guard calls, the actions a body guard posts to.
 */
export async function routesExporting<Name extends "loader" | "action", Fn>(
  name: Name,
): Promise<(DeclaredRoute & { [K in Name]: Fn })[]> {
  const routes = await routesWithModules<Partial<Record<Name, unknown>>>();
  return routes.flatMap(({ mod, ...route }) =>
    typeof mod[name] === "function" ? [{ ...route, [name]: mod[name] } as DeclaredRoute & { [K in Name]: Fn }] : [],
  );
}
