// `npm test`: typecheck, lint, unit + integration tests, production build, browser tests.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (p) => p && existsSync(p),
);
if (!chromium) {
  console.error(
    "Chromium not found: install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH.",
  );
  process.exit(1);
}

const steps = [
  ["typecheck", "npm", ["run", "-s", "typecheck"]],
  ["lint", "npm", ["run", "-s", "lint"]],
  ["unit + integration", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "-s", "build"]],
  ["browser", "npx", ["playwright", "test"]],
];

for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
