import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, type Db } from "#server/db/client";
import { migrateDatabase } from "#server/db/migrate";
import { auditLog, pricing, profiles, subscriptions, telegramChatMembers, user } from "#server/db/schema";
import { readLastReconciliation } from "#server/staff/money/reconciliation";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import { createTestDatabase } from "../../helpers/database";
import { closeProcessResources, withTestDataDir } from "../../helpers/env";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { createMember } from "../../helpers/members";

const run = promisify(execFile);

// The CLI opening the embedded database itself (no server holds DATA_DIR). The API path — the
// credential as actor — is covered by ops-api.test.ts and tests/e2e/server/ops.spec.ts.
describe("ops CLI on its own database", () => {
  const dataDir = withTestDataDir("ops-cli");
  let member: { id: string; email: string };
  let drifted: { id: string; email: string };
  let owner: { id: string; email: string };

  async function ops(args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    for (const name of ["DATABASE_URL", "OPS_TOKEN", "OPS_URL"]) delete env[name];
    try {
      const { stdout } = await run("node_modules/.bin/tsx", ["scripts/ops.ts", ...args], { env, timeout: 60_000 });
      return { code: 0, out: JSON.parse(stdout) as Record<string, unknown> };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return {
        code: e.code,
        out: e.stdout ? (JSON.parse(e.stdout) as Record<string, unknown>) : undefined,
        err: e.stderr.trim(),
      };
    }
  }

  beforeAll(async () => {
    const database = getDatabase();
    await migrateDatabase({ database });
    member = await createMember(database.db);
    drifted = await createMember(database.db, { balance: 2_000_000n });
    await database.db.update(profiles).set({ balance: 2_000_001n }).where(eq(profiles.id, drifted.id));
    owner = await createMember(database.db);
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
    // The embedded database admits one process: hand it to the CLI.
    await closeProcessResources();
  });

  it("records the OS user and host as the actor, refuses --actor, and exits 2 when reconcile finds a difference", async () => {
    const refused = await ops([
      "credit",
      "--email",
      member.email,
      "--amount",
      "3",
      "--reference",
      "cli-1",
      "--actor",
      "bob",
    ]);
    expect(refused).toMatchObject({ code: 1, err: expect.stringMatching(/^Error: --actor is no longer accepted/) });

    const credit = await ops([
      "credit",
      "--email",
      member.email,
      "--amount",
      "3",
      "--reference",
      "cli-1",
      "--reason",
      "cash",
    ]);
    expect(credit).toMatchObject({ code: 0, out: { applied: true, balance: "3" } });
    const balance = await ops(["balance", "--email", member.email]);
    expect(balance).toMatchObject({ code: 0, out: { balance: "3", consistent: true } });
    const [latest] = (balance.out as { recent: { memo: string }[] }).recent;
    expect(latest!.memo).toBe(`cli:${os.userInfo().username}@${os.hostname()}: cash`);

    const reconcile = await ops(["reconcile"]);
    expect(reconcile).toMatchObject({
      code: 2,
      out: {
        consistent: false,
        mismatches: [{ userId: drifted.id, balance: "2.000001", ledgerSum: "2", difference: "0.000001" }],
      },
    });
    // Recorded for the back office's reconciliation page, named after who ran it.
    const database = getDatabase();
    try {
      expect(await readLastReconciliation({ db: database.db })).toMatchObject({
        ok: true,
        source: `ops:cli:${os.userInfo().username}@${os.hostname()}`,
        mismatchCount: 1,
      });
    } finally {
      await closeProcessResources();
    }
  }, 180_000);

  it("makes the first owner: staff add, recorded in the audit log as this OS user and host", async () => {
    const missing = await ops(["staff", "add", "--email", owner.email]);
    expect(missing).toMatchObject({ code: 1, err: expect.stringMatching(/^Error: missing --role\./) });
    const wrong = await ops(["staff", "remove", "--email", owner.email, "--role", "owner"]);
    expect(wrong).toMatchObject({ code: 1, err: expect.stringMatching(/^Error: staff takes "add"\./) });
    // A refusal names the database it asked: beside a server with another DATA_DIR, "no account"
    // would otherwise read as the truth about the server's.
    const unknown = await ops(["staff", "add", "--email", "nobody@example.com", "--role", "owner"]);
    expect(unknown).toMatchObject({
      code: 1,
      err: `Error: No account uses this email address. The person signs up first (or is invited from /admin). (asked the embedded database in ${path.resolve(dataDir)} directly: no server holds it; set DATA_DIR to the running server's, or OPS_URL)`,
    });
    const made = await ops(["staff", "add", "--email", owner.email, "--role", "owner"]);
    expect(made).toEqual({ code: 0, out: { userId: owner.id, email: owner.email, role: "owner", changed: true } });
    const database = getDatabase();
    try {
      const [row] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.id));
      expect(row).toMatchObject({
        actorLabel: `cli:${os.userInfo().username}@${os.hostname()}`,
        actorRole: "operator",
        action: "staff.role_set",
      });
      const [account] = await database.db.select({ role: user.role }).from(user).where(eq(user.id, owner.id));
      expect(account!.role).toBe("owner");
    } finally {
      await closeProcessResources();
    }
  }, 180_000);
});

// `renewals --run-now` where the CLI opens the database itself: on PostgreSQL when
// TEST_DATABASE_URL is set (as in production, with a server running beside it), else on its
// own embedded database. With the bot's token in its environment it removes the members it
// ended from the paid chats; without it, it says the server will.
describe("ops CLI: renewals --run-now and the paid chats", () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const dataDir = withTestDataDir("ops-cli-renewals");
  const CHAT = -1001000000401;
  let api: FakeBotApi;
  let postgres: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let telegramId = 66_000;

  /** The database the CLI opens, for the test to read and write between commands. */
  async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
    if (postgres) return work(postgres.database.db);
    const database = getDatabase();
    try {
      return await work(database.db);
    } finally {
      // The embedded database admits one process: hand it back to the CLI.
      await closeProcessResources();
    }
  }
  async function ops(args: string[], env: Record<string, string> = {}) {
    const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env };
    for (const name of ["DATABASE_URL", "OPS_TOKEN", "OPS_URL", "TELEGRAM_BOT_TOKEN", "TELEGRAM_API_ROOT"])
      if (!(name in env)) delete base[name];
    if (postgres) base.DATABASE_URL = postgres.url;
    const { stdout } = await run("node_modules/.bin/tsx", ["scripts/ops.ts", ...args], { env: base, timeout: 90_000 });
    return JSON.parse(stdout) as Record<string, unknown>;
  }
  /** A verified member in the chat whose subscription lapses on the next run. */
  const lapsing = (db: Db, planId: number) => async () => {
    const m = await createMember(db);
    const id = ++telegramId;
    await db
      .update(profiles)
      .set({ telegramVerified: true, telegramUserId: BigInt(id) })
      .where(eq(profiles.id, m.id));
    await db.insert(subscriptions).values({
      userId: m.id,
      planId,
      billingPeriod: "monthly",
      autorenew: false,
      nextBillingDate: new Date(Date.now() - 1000),
    });
    await db.insert(telegramChatMembers).values({ chatId: CHAT, telegramUserId: id, userId: m.id });
    api.setChatMember(CHAT, id, "member");
    return id;
  };
  const inChat = (db: Db, id: number) =>
    db
      .select()
      .from(telegramChatMembers)
      .where(eq(telegramChatMembers.telegramUserId, id))
      .then((rows) => rows.length > 0);

  beforeAll(async () => {
    api = await startFakeBotApi();
    if (onPostgres) postgres = await createTestDatabase("postgres");
    else await migrateDatabase({ database: getDatabase() });
    await withDb(async (db) => {
      await db.insert(pricing).values({ planId: "cli-vip", name: "CLI VIP", price: 10_000_000n, published: true });
      await seedPlanChats({ db, planChats: { "cli-vip": [CHAT] } });
    });
  });
  afterAll(async () => {
    await postgres?.drop();
    await api?.close();
  });

  it(`removes the members it ended with the bot's token, and says the server will without it [${onPostgres ? "postgres" : "pglite"}]`, async () => {
    const planId = await withDb(
      async (db) => (await db.select().from(pricing).where(eq(pricing.planId, "cli-vip")))[0]!.id,
    );
    const without = await withDb((db) => lapsing(db, planId)());
    expect(await ops(["renewals", "--run-now"])).toMatchObject({
      expired: 1,
      message:
        "ended 1 subscription; the server's renewal job removes their members from the paid chats within a " +
        "minute while it runs (TELEGRAM_BOT_TOKEN is not set here)",
    });
    expect(api.calls).toEqual([]);
    expect(await withDb((db) => inChat(db, without))).toBe(true);

    const withToken = await withDb((db) => lapsing(db, planId)());
    expect(
      await ops(["renewals", "--run-now"], { TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
    ).toMatchObject({
      expired: 1,
      removedFromChats: 1,
      message: "ended 1 subscription; removed 1 member from the paid chats",
    });
    expect(api.callsOf("banChatMember").map((c) => c.params.user_id)).toEqual([withToken]);
    expect(api.chatMemberStatus(CHAT, withToken)).toBe("left");
    expect(await withDb((db) => inChat(db, withToken))).toBe(false);
  }, 240_000);
});
