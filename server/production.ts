import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { projectRoot } from "./lib/paths.ts";
import { startServer } from "./start.ts";

/** Starts the server on the production build in build/server. */
export async function startProductionServer() {
  const buildFile = pathToFileURL(path.join(projectRoot(), "build", "server", "index.js")).href;
  const build = (await import(buildFile)) as ServerBuild;
  return startServer({ getBuild: () => build });
}
