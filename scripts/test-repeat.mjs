// `npm run test:repeat -- N`: the unit + integration suite N times in a row (default 20),
// stopping at the first failing run. A flaky suite loses work at random; this is how we show
// it no longer does (run it twice at once to add the CPU contention CI machines have).
import { spawnSync } from "node:child_process";

const times = Number(process.argv[2] ?? 20);
if (!Number.isInteger(times) || times < 1) {
  console.error("usage: npm run test:repeat -- <runs>  (a whole number, at least 1)");
  process.exit(2);
}
const started = Date.now();
for (let run = 1; run <= times; run++) {
  const runStarted = Date.now();
  const result = spawnSync("npx", ["vitest", "run"], {
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  const seconds = ((Date.now() - runStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    console.error(`✖ run ${run} of ${times} failed after ${seconds}s`);
    process.exit(1);
  }
  const summary = (result.stdout.match(/Tests\s+(.*)/) ?? [])[1] ?? "";
  console.log(`✔ run ${run} of ${times} passed in ${seconds}s (${summary.trim()})`);
}
console.log(`${times} of ${times} runs passed in ${((Date.now() - started) / 60000).toFixed(1)} min`);
