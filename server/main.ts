// Production entry: bundled to build/start.js by scripts/build-server.mjs.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, getConfig } from "./config.ts";
import { projectRoot } from "./lib/paths.ts";
import { getLogger } from "./lib/logger.ts";
import { startServer } from "./start.ts";

async function main() {
  try {
    getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const buildFile = pathToFileURL(path.join(projectRoot(), "build", "server", "index.js")).href;
  const build = (await import(buildFile)) as ServerBuild;
  const running = await startServer({ getBuild: () => build });
  const shutdown = (signal: string) => {
    getLogger().info({ signal }, "shutting down");
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
