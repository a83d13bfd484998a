import crypto from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SIMULATED_DEPOSIT_PATH } from "~/lib/validation/dashboard/simulated-deposit";
import * as simulateRoute from "~/routes/api/dashboard/api.dashboard.simulated-deposit";
import { getPublicConfig, markLocalTrial, simulatedDepositsAllowed } from "#server/config";
import { billingHistory, chainDeposits, ledgerEntries, profiles } from "#server/db/schema";
import { createApp } from "#server/http/app";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { simulateDeposit } from "#server/wallet/simulate-deposit";
import { createTestDatabase, describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { expectLedgerInvariant } from "../../helpers/members";
import { callAction } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("simulated-deposit");

describeEachDatabase("Simulate a deposit (outside production)", (database) => {
  const db = () => database().db;
  let member: Awaited<ReturnType<typeof signUpStaff>>;
  const simulate = (json: unknown, cookie = member.cookie) =>
    callAction(simulateRoute, { path: SIMULATED_DEPOSIT_PATH, cookie, json });

  useProcessDatabase(database);
  beforeAll(async () => {
    member = await signUpStaff(db(), null, { twoFactor: false });
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, member.userId));
    if (!profile!.walletAddress)
      await db()
        .update(profiles)
        .set({ walletAddress: "TSimulatedDepositAddress000000001" })
        .where(eq(profiles.id, member.userId));
  });

  it("credits through the watcher's code: a deposit ledger row with a simulated reference, and billing says so", async () => {
    const answer = await simulate({ amount: "25" });
    expect(answer).toEqual({
      status: 200,
      data: { ok: true, amount: "25000000", balance: "25000000", paidOrder: null },
    });
    const [ledger] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.userId));
    expect(ledger).toMatchObject({ kind: "deposit", amount: 25_000_000n });
    expect(ledger!.reference).toMatch(/^simulated:[0-9a-f]{64}:0$/);
    expect(ledger!.memo).toMatch(/^Simulated deposit/);
    const [bill] = await db().select().from(billingHistory).where(eq(billingHistory.userId, member.userId));
    expect(bill).toMatchObject({ paymentType: "Simulated deposit", status: "paid", txHash: null });
    expect(bill!.invoiceId).toMatch(/^SIM-/);
    const [deposit] = await db().select().from(chainDeposits).where(eq(chainDeposits.userId, member.userId));
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, member.userId));
    expect(deposit).toMatchObject({
      amount: 25_000_000n,
      fromAddress: "simulated",
      toAddress: profile!.walletAddress,
    });

    // Each click is a transfer of its own.
    expect((await simulate({ amount: 5 })).data).toEqual({
      ok: true,
      amount: "5000000",
      balance: "30000000",
      paidOrder: null,
    });
    await expectLedgerInvariant(db());
  });

  it("refuses a bad amount with 400 and writes nothing; a visitor gets 401", async () => {
    const before = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.userId));
    for (const amount of ["0", "10001", "2.5", "", "-1"]) {
      const answer = await simulate({ amount });
      expect(answer.status, amount).toBe(400);
      expect((answer.data as { fieldErrors: Record<string, string> }).fieldErrors.amount).toBe(
        "Enter a whole number of USDT from 1 to 10,000.",
      );
    }
    expect((await simulate({ amount: "5" }, "")).status).toBe(401);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.userId))).toEqual(before);
  });

  it("refuses a member whose address is not ready yet (409)", async () => {
    const other = await signUpStaff(db(), null, { twoFactor: false });
    await db().update(profiles).set({ walletAddress: null }).where(eq(profiles.id, other.userId));
    const answer = await simulate({ amount: "5" }, other.cookie);
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.data)).toContain(
      "Your deposit address is being prepared. Please try again in a moment.",
    );
    // An account without a profile row at all is refused the same way by the domain function.
    await expect(simulateDeposit({ db: db(), userId: crypto.randomUUID(), amount: 1_000_000n })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, other.userId))).toEqual([]);
  });
});

describe("Simulate a deposit in production", () => {
  withTestDataDir("simulated-deposit-production", {
    NODE_ENV: "production",
    PUBLIC_URL: "https://signals.example",
    ALLOW_DEV_TRON_KEY: "true",
  });

  it("does not exist: its path answers 404 before any session or body is read", async () => {
    setSingleton("database", (await createTestDatabase("pglite")).database);
    const app = createApp({
      getBuild: () => {
        throw new Error("no pages in this test");
      },
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SIMULATED_DEPOSIT_PATH}`;
      for (const method of ["POST", "GET"]) {
        const answer = await fetch(url, {
          method,
          headers: { "content-type": "application/json", host: "signals.example", origin: "https://signals.example" },
          body: method === "POST" ? JSON.stringify({ amount: "5" }) : undefined,
        });
        expect(answer.status, method).toBe(404);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("is offered in a local trial: `npm start` without NODE_ENV runs the production build for someone trying the site", () => {
    expect(simulatedDepositsAllowed()).toBe(false);
    expect(getPublicConfig().simulatedDeposits).toBe(false);
    markLocalTrial();
    try {
      expect(simulatedDepositsAllowed()).toBe(true);
      expect(getPublicConfig().simulatedDeposits).toBe(true);
    } finally {
      resetSingleton("local-trial");
    }
  });

  it("is refused by the domain function too, whatever calls it", async () => {
    const { database } = await createTestDatabase("pglite");
    await expect(simulateDeposit({ db: database.db, userId: "anyone", amount: 1_000_000n })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Deposits can only be simulated outside production.",
    });
  });
});
