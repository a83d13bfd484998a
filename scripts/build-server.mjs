// Bundles the server entries into build/: start.js (production entry) and testing.js (used by
// the browser tests to start the same server in-process). npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: { start: "server/main.ts", testing: "tests/e2e/support/server-entry.ts" },
  outdir: "build",
  bundle: true,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
