// `npm start` on a fresh clone: build once when no production build is present.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/start.js") || !existsSync("build/server/index.js")) {
  console.log("No production build found: building (npm run build)…");
  execSync("npm run build", { stdio: "inherit" });
}
