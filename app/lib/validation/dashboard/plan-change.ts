import { z } from "zod";
import { serialId } from "../serial-id";

/** Subscriptions → Change plan: which of the member's subscriptions, and what it becomes at its next renewal. */
export const planChangeSchema = z.object({
  subscriptionId: z.uuid({ message: "Subscription not found." }),
  planId: serialId("Choose a plan."),
  billingPeriod: z.enum(["monthly", "quarterly"], { message: "Choose monthly or quarterly." }),
});

/** Subscriptions → Undo: the subscription whose scheduled change is dropped. */
export const undoPlanChangeSchema = z.object({
  subscriptionId: z.uuid({ message: "Subscription not found." }),
});
