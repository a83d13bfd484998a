// Bundles the Telegram portal's one script (app/portal/portal.ts) into build/client/assets as
// portal-HASH.js, a classic deferred script, and names the file in build/portal-script.json for
// the portal page (server/http/portal-page.ts). Kept out of React Router's build: the portal
// loads no React, and no public page's bundle ever carries portal code.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const result = await build({
  entryPoints: { portal: "app/portal/portal.ts" },
  outdir: path.join("build", "client", "assets"),
  entryNames: "[name]-[hash]",
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  metafile: true,
  logLevel: "warning",
});
const [output] = Object.keys(result.metafile.outputs).filter((file) => file.endsWith(".js"));
fs.writeFileSync(
  path.join("build", "portal-script.json"),
  `${JSON.stringify({ src: `/assets/${path.basename(output)}` })}\n`,
);
