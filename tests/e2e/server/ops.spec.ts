import { execFile } from "node:child_process";
import crypto from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";

const run = promisify(execFile);

/** Runs `npm run ops -- …` as an operator would, against the DATA_DIR of the running server. */
async function ops(dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  delete env.OPS_TOKEN;
  try {
    const { stdout } = await run("node_modules/.bin/tsx", ["scripts/ops.ts", ...args], { env, timeout: 60_000 });
    return { code: 0, out: JSON.parse(stdout) as Record<string, unknown> };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, err: e.stderr.trim() };
  }
}

test("ops commands work while the site runs on the embedded database", async ({ app, request }) => {
  // Twelve operator commands, each a fresh `tsx` process that compiles the CLI: about 30 s on a
  // quiet machine, past 90 s on a loaded one. Each step waits for its command to end.
  test.setTimeout(240_000);
  const { db } = app.testing.getDatabase();
  const { user, profiles, ledgerEntries } = app.testing.schema;
  const id = crypto.randomUUID();
  const email = `ops-${id.slice(0, 6)}@example.com`;
  await db.insert(user).values({ id, name: "Ops", email });
  await db.insert(profiles).values({ id, firstName: "Olga", lastName: "Ops" });

  const typedActor = await ops(app.dataDir, [
    "credit",
    "--email",
    email,
    "--amount",
    "25.5",
    "--reference",
    `manual:${id}`,
    "--actor",
    "e2e",
  ]);
  expect(typedActor).toMatchObject({ code: 1 });
  expect(typedActor.err).toMatch(/^Error: --actor is no longer accepted/);
  const credit = await ops(app.dataDir, [
    "credit",
    "--email",
    email,
    "--amount",
    "25.5",
    "--reference",
    `manual:${id}`,
    "--reason",
    "wire transfer",
  ]);
  expect(credit).toMatchObject({ code: 0, out: { applied: true, balance: "25.5" } });
  const again = await ops(app.dataDir, ["credit", "--email", email, "--amount", "25.5", "--reference", `manual:${id}`]);
  expect(again).toMatchObject({ code: 0, out: { applied: false, balance: "25.5" } });
  const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id));
  // Through the server's API the actor is the credential that authenticated: the ops token.
  expect(entry).toMatchObject({ kind: "adjustment", amount: 25_500_000n, memo: "ops-token: wire transfer" });
  const otherAmount = await ops(app.dataDir, [
    "credit",
    "--email",
    email,
    "--amount",
    "30",
    "--reference",
    `manual:${id}`,
  ]);
  expect(otherAmount).toMatchObject({
    code: 1,
    err: `Error: The reference "manual:${id}" was already used for an amount of 25.5 USDT; use a new reference for a different adjustment.`,
  });

  const balance = await ops(app.dataDir, ["balance", "--email", email]);
  expect(balance).toMatchObject({ code: 0, out: { balance: "25.5", ledgerSum: "25.5", consistent: true } });

  expect(
    await ops(app.dataDir, ["credit", "--email", "nobody@example.com", "--amount", "1", "--reference", "x"]),
  ).toMatchObject({
    code: 1,
    err: "Error: No member with the email nobody@example.com.",
  });
  const bad = await ops(app.dataDir, ["credit", "--email", email, "--amount", "1.0000001", "--reference", "y"]);
  expect(bad.code).toBe(1);
  expect(bad.err).toMatch(/^Error: Invalid amount "1.0000001"/);
  // Through the server, whose bot is off in this worker: nobody is removed from chats, and it says so.
  expect(await ops(app.dataDir, ["renewals", "--run-now"])).toMatchObject({
    code: 0,
    out: {
      charged: 0,
      message: expect.stringMatching(
        /^ended \d+ subscriptions?; the Telegram bot is off \(TELEGRAM_BOT_TOKEN is not set\), so no one is removed from chats$/,
      ),
    },
  });
  expect(await ops(app.dataDir, ["telegram-reconcile"])).toMatchObject({
    code: 1,
    err: "Error: The Telegram bot is off: set TELEGRAM_BOT_TOKEN.",
  });
  expect(await ops(app.dataDir, ["reconcile"])).toMatchObject({ code: 0, out: { consistent: true, mismatches: [] } });
  expect(await ops(app.dataDir, ["rescan", "--from", "2026-11-01T00:00:00Z"])).toMatchObject({
    code: 0,
    out: { ok: true },
  });
  expect((await ops(app.dataDir, ["rescan", "--from", "yesterday"])).err).toMatch(/^Error: invalid --from "yesterday"/);

  // The operator API refuses every call without the token.
  expect((await request.get(`/api/ops/balance?email=${email}`)).status()).toBe(401);
  expect(
    (await request.post("/api/ops/credit", { headers: { authorization: "Bearer wrong" }, data: {} })).status(),
  ).toBe(401);
});
