import type { ServerBuild } from "react-router";

/**
 * A React Router server build made by hand, for tests of what sits in front of the framework (the
 * page cache, the early guards): the entry module and the routes given, the rest of a production
 * build's shape filled in.
 */
export function fakeBuild(options: {
  entry: { module: object };
  routes: Record<string, object>;
  routeDiscovery?: "initial" | "lazy";
}): ServerBuild {
  return {
    entry: options.entry,
    routes: options.routes,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: options.routeDiscovery ?? "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
