import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPublicConfig } from "#server/config";
import { getDb } from "#server/db/client";
import { stripeEvents } from "#server/db/schema";
import { createApp } from "#server/http/app";
import { setSingleton } from "#server/lib/singleton";
import { createTestDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from "../../helpers/fake-stripe";

withTestDataDir("stripe-webhook-route", {
  STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: "http://127.0.0.1:9",
  LOG_LEVEL: "silent",
});

/*
 * The webhook as the site mounts it: through the whole Express app, where page posts meet the
 * cross-site guard and the 64 KB body reader. Stripe's post carries no Origin and a body that
 * must reach the signature check byte for byte.
 */
describe("POST /api/payments/stripe/webhook in the app", () => {
  let server: Server;
  let base: string;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    setSingleton("database", (await createTestDatabase("pglite")).database);
    stripe = await startFakeStripe();
    const app = createApp({
      getBuild: () => {
        throw new Error("no pages in this test");
      },
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await stripe.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("tells the browser card payments are on", () => {
    expect(getPublicConfig().cardPayments).toBe(true);
  });

  it("takes a signed event whatever its Origin, raw, and records it once", async () => {
    const event = stripe.signedEvent("customer.created", { id: "cus_test_1", object: "customer", name: "é ✓" });
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${base}/api/payments/stripe/webhook`, {
        method: "POST",
        headers: {
          // Nothing a browser would send from another site stops Stripe: the signature decides.
          origin: "https://stripe.com",
          "sec-fetch-site": "cross-site",
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": event.header,
        },
        body: event.payload,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ received: true });
    }
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
  });

  it("refuses an unsigned or forged post with 400", async () => {
    const forged = stripe.signedEvent("customer.created", { id: "cus_test_2" }, { secret: "whsec_other" });
    for (const header of [forged.header, undefined]) {
      const response = await fetch(`${base}/api/payments/stripe/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(header ? { "stripe-signature": header } : {}) },
        body: forged.payload,
      });
      expect(response.status).toBe(400);
    }
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, forged.id))).toEqual([]);
  });

  it("refuses a body over its limit before reading it", async () => {
    const response = await fetch(`${base}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
  });
});
