import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort } from "../support/free-port";
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres";
import { createMembers, startInstance, type Instance } from "../support/production-instance";
import { expectPurchaseBooksAgree } from "../support/purchase-books";
import { purchase, startPurchaseLoad, type Attempt, type Plan } from "../support/purchase-load";

const binDir = postgresBinDir();
const canReplicate = binDir !== undefined && fs.existsSync(path.join(binDir, "pg_basebackup"));
/** What members are promised: writes go to the promoted standby within this after it accepts them. */
const SWITCH_LIMIT_MS = 10_000;
const BALANCE = 100_000_000n;
const PRICE = 1_000_000n;

const cleanups: (() => unknown)[] = [];
const clusters: { name: string; cluster: PrivatePostgres }[] = [];
let instances: Instance[] = [];

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const instance of instances)
      await testInfo.attach(`${instance.name}.log`, { body: instance.output().slice(-60_000) });
    for (const { name, cluster } of clusters)
      await testInfo.attach(`${name}.log`, { body: cluster.log().slice(-30_000) });
  }
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {});
  instances = [];
  clusters.length = 0;
});

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

test.describe("a PostgreSQL failover", () => {
  // Needs PostgreSQL server binaries to run a primary and a standby of its own.
  test.skip(
    !canReplicate,
    "initdb, pg_ctl and pg_basebackup (a PostgreSQL server installation) are not on this machine",
  );

  test("the site follows the promoted standby by itself, never writes to the old primary back as a standby, money exact", async () => {
    test.setTimeout(300_000);
    const start = async (name: string, options?: { standbyOf?: PrivatePostgres }) => {
      const cluster = await startPrivatePostgres(binDir!, options);
      clusters.push({ name, cluster });
      cleanups.push(() => cluster.destroy());
      // A worker killed outright skips afterEach: the clusters must not outlive it.
      const onExit = () => cluster.destroy();
      process.once("exit", onExit);
      cleanups.push(() => process.off("exit", onExit));
      return cluster;
    };
    const first = await start("first-primary");
    const second = await start("standby-then-primary", { standbyOf: first });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "db-failover-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    const origin = "http://shop.test";
    const env = {
      // Both servers, as a managed service's primary and standby, in libpq's multi-host form.
      DATABASE_URL: `postgres://postgres@127.0.0.1:${first.port},127.0.0.1:${second.port}/postgres?target_session_attrs=read-write`,
      PUBLIC_URL: origin,
      AUTH_SECRET: "database-failover-test-secret-0123456789abcdef",
      ALLOW_DEV_TRON_KEY: "true",
      DATA_DIR: dataDir,
    };
    const startSite = async (name: string) => {
      const instance = await startInstance({ name, port: await freePort(), env });
      instances.push(instance);
      cleanups.push(() => instance.kill());
      return instance;
    };
    const site = await startSite("instance-1");
    const members = await createMembers({ env, count: 6, balance: BALANCE });
    const plans = (
      await query<{ id: number; price: string }>(
        first.url,
        `insert into pricing (plan_id, name, price, published, display_order)
         select 'failover-' || n, 'Failover plan ' || n, ${PRICE}, true, 100 + n from generate_series(1, 30) n returning id, price`,
      )
    ).map((row): Plan => ({ id: row.id, price: BigInt(row.price) }));

    // Members buy on the site throughout; one member is kept apart for the test's own checkouts.
    const [tester, ...buyers] = members;
    const load = startPurchaseLoad({
      instances: [site.url],
      origin,
      members: buyers,
      plans,
      workersPerInstance: 3,
      pauseMs: 100,
      resetLimits: () =>
        query(second.url, "delete from rate_limits where key like 'purchase:%'").then(
          () => {},
          () => query(first.url, "delete from rate_limits where key like 'purchase:%'").then(() => {}),
        ),
    });
    cleanups.push(() => load.stop());
    await expect.poll(() => load.attempts.filter((a) => a.ok).length, { timeout: 60_000 }).toBeGreaterThan(5);

    // The failover: the primary goes away, the standby is promoted.
    await first.stop("fast");
    await second.promote();
    const promoted = Date.now();

    // A fresh checkout goes through on the new primary within the promise, with no restart.
    const own: Attempt[] = [];
    let n = 0;
    const checkout = async () => {
      const attempt = await purchase({
        url: site.url,
        instance: 0,
        origin,
        member: tester!,
        plan: plans[n]!,
        key: `failover-own-${n}`,
      });
      own.push(attempt);
      if (attempt.ok) n++;
      return attempt.ok;
    };
    await expect
      .poll(checkout, { timeout: SWITCH_LIMIT_MS, intervals: [250], message: "a write on the new primary" })
      .toBe(true);
    const switched = Date.now() - promoted;
    test.info().annotations.push({ type: "switch", description: `${switched} ms after the promotion` });
    console.log(`failover: the site wrote to the promoted standby ${switched} ms after the promotion`);
    const [row] = await query<{ n: number }>(
      second.url,
      "select count(*)::int as n from purchase_requests where idempotency_key = 'failover-own-0'",
    );
    expect(row!.n, "the write is on the promoted server").toBe(1);

    // The old primary comes back as a standby of the new one, first in DATABASE_URL's list. The
    // running site and a site started now (whose first connections try the first host) must
    // both leave it alone: every purchase from here on goes through.
    await first.restartAsStandbyOf(second);
    const [recovery] = await query<{ standby: boolean }>(first.url, "select pg_is_in_recovery() as standby");
    expect(recovery!.standby).toBe(true);
    const logBefore = first.log().length;
    const late = await startSite("instance-2");
    const backAt = Date.now();
    for (const instance of [site, late]) {
      for (let i = 0; i < 3; i++) {
        const attempt = await purchase({
          url: instance.url,
          instance: instances.indexOf(instance),
          origin,
          member: tester!,
          plan: plans[n]!,
          key: `failover-own-${n}`,
        });
        own.push(attempt);
        expect(attempt, `${instance.name} buys with the old primary back as a standby`).toMatchObject({
          status: 200,
          ok: true,
        });
        n++;
      }
    }
    await load.stop();
    for (const instance of instances) expect(instance.ended(), `${instance.name} still runs`).toBeUndefined();

    // Nothing tried to write on the standby: it would have logged each refused statement.
    expect(first.log().slice(logBefore)).not.toMatch(/read-only transaction/);
    const attempts = [...load.attempts, ...own];
    // Through the switch, every purchase was answered, either done or "try again" (503).
    expect(attempts.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(
      attempts.filter((a) => a.startedAt >= backAt && !a.ok),
      "purchases after the old primary came back",
    ).toEqual([]);
    const { committed } = await expectPurchaseBooksAgree({
      url: second.url,
      members,
      attempts,
      balance: BALANCE,
      price: PRICE,
    });
    console.log(
      `purchases: ${attempts.length} requests, ${attempts.filter((a) => a.ok).length} ok, ${attempts.filter((a) => a.status === 503).length} answered 503, ${committed} committed`,
    );
  });
});
