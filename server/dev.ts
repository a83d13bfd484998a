// Development entry (`npm run dev`): Vite middleware with hot reload, same server otherwise.
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { ConfigError, getConfig } from "./config.ts";
import { getLogger } from "./lib/logger.ts";
import { installProcessGuards } from "./process-guards.ts";
import { startServer } from "./start.ts";

try {
  getConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

installProcessGuards({ log: getLogger() });
const vite = await createServer({ server: { middlewareMode: true } });
await startServer({
  getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  devMiddleware: vite.middlewares,
});
