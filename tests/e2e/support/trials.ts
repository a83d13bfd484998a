import crypto from "node:crypto";
import { like } from "drizzle-orm";
import type { signInNewMember } from "./member";

export type TrialApp = Parameters<typeof signInNewMember>[0] & {
  testing: { schema: typeof import("../../../server/db/schema.ts") };
};

/** A published plan of its own ($29.00 a month), with `trialDays` of free trial; `takeTrialPlansOff` after each test. */
export async function trialPlan(app: TrialApp, trialDays: number) {
  const { pricing } = app.testing.schema;
  const tag = crypto.randomBytes(3).toString("hex");
  const [plan] = await app.testing
    .getDatabase()
    .db.insert(pricing)
    .values({
      planId: `trial-${tag}`,
      name: `Trial ${tag}`,
      price: 29_000_000n,
      published: true,
      displayOrder: 99,
      trialDays,
      features: ["Daily signals"],
    })
    .returning();
  return plan!;
}

/** Takes every plan `trialPlan` made off sale, so the other tests' pages stay as they were. */
export async function takeTrialPlansOff(app: TrialApp) {
  const { pricing } = app.testing.schema;
  await app.testing.getDatabase().db.update(pricing).set({ published: false }).where(like(pricing.planId, "trial-%"));
}
