// Entry for browser tests: bundled to build/testing.js so Playwright workers can start the
// production server in-process and read the same database it writes.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { getDatabase } from "./db/client.ts";
import { projectRoot } from "./lib/paths.ts";
import { startServer } from "./start.ts";

export * as schema from "./db/schema.ts";
export { getDatabase };

export async function startProductionServer() {
  const buildFile = pathToFileURL(path.join(projectRoot(), "build", "server", "index.js")).href;
  const build = (await import(buildFile)) as ServerBuild;
  return startServer({ getBuild: () => build });
}
