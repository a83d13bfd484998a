import { matchPath, type ServerBuild } from "react-router";

/** A route of the build whose module exports an action, as a full path pattern. */
export type ActionRoute = { path: string; caseSensitive: boolean; action: object };

const byBuild = new WeakMap<ServerBuild, ActionRoute[]>();

/**
 * Every route of the build that has an action, with its full path pattern (its own path joined
 * to its parents'; layout and index routes add nothing). Computed once per build.
 */
export function actionRoutes(build: ServerBuild): ActionRoute[] {
  let found = byBuild.get(build);
  if (found) return found;
  found = [];
  for (const route of Object.values(build.routes)) {
    const action = route?.module.action as object | undefined;
    if (!route || typeof action !== "function") continue;
    const segments: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? build.routes[at.parentId] : undefined) {
      if (at.path) segments.unshift(at.path);
    }
    found.push({
      path: `/${segments.join("/")}`.replace(/\/{2,}/g, "/"),
      caseSensitive: route.caseSensitive ?? false,
      action,
    });
  }
  byBuild.set(build, found);
  return found;
}

/**
 * The path an action request is for: a page's data request ("/pricing.data", "/_root.data" for
 * "/") posts to the page's own action.
 */
export function actionPathname(requestPath: string): string {
  return requestPath.replace(/\.data$/, "").replace(/^\/_root$/, "/");
}

/** The routes with an action that a request path may reach. */
export function actionRoutesFor(build: ServerBuild, requestPath: string): ActionRoute[] {
  const pathname = actionPathname(requestPath);
  return actionRoutes(build).filter(
    ({ path, caseSensitive }) => matchPath({ path, caseSensitive, end: true }, pathname) !== null,
  );
}
