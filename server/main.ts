// Production entry: bundled to build/start.js by scripts/build-server.mjs.
// Nothing else is imported statically: React picks its development or production build from
// NODE_ENV when it is first loaded, so the mode must be settled before any other import.
import { applyLocalRunDefaults } from "./local-run.ts";

const localRun = applyLocalRunDefaults(process.env);

async function main() {
  const { ConfigError, getConfig, markLocalTrial } = await import("./config.ts");
  if (localRun) markLocalTrial();
  try {
    getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { startProductionServer } = await import("./production.ts");
  const { getLogger } = await import("./lib/logger.ts");
  const { installProcessGuards } = await import("./process-guards.ts");
  installProcessGuards({ log: getLogger() });
  if (localRun) getLogger().warn(localRun);
  const { StartRefusedError } = await import("./lib/errors.ts");
  const running = await startProductionServer().catch((error: unknown) => {
    if (!(error instanceof StartRefusedError)) throw error;
    // The message says what to do; a stack trace after it would only bury it.
    console.error(error.message);
    process.exit(1);
  });
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
