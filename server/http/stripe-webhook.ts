import express, { type RequestHandler } from "express";
import Stripe from "stripe";
import { handleStripeEvent } from "../card-payments/handle-stripe-event.ts";
import type { StripeEventOutcome } from "../card-payments/stripe-event-outcome.ts";
import type { Db } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/db-errors.ts";
import { getLogger } from "../lib/logger.ts";

export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";

/** Stripe's events are a few KB; a megabyte is room for any of them and nothing more. */
const WEBHOOK_BODY_LIMIT = "1mb";

/**
 * `POST /api/payments/stripe/webhook`. Mounted before the cross-site guard and the body limits
 * (Stripe's servers send no Origin or cookies; the signature is the only authority) and read
 * as raw bytes: the signature covers the body exactly as sent, so it is checked by the
 * library's `constructEvent` before anything parses it. A missing, forged or stale (over five
 * minutes old) signature is 400 and nothing is written. A verified event is handled once (see
 * handleStripeEvent) and answered 200, a redelivery included; a failure is 500 (503 while the
 * database is away) so Stripe retries it. Without card payments configured the route is 404.
 * `afterEvent` runs once the event's transaction committed, before the answer: completing an
 * order the credit now covers, alerting operators of a flag.
 */
export function stripeWebhook(options: {
  stripe: () => { client: Stripe; webhookSecret: string } | undefined;
  getDb: () => Db;
  afterEvent?: (outcome: StripeEventOutcome) => Promise<void>;
}): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT });
  const guard: RequestHandler = (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (!options.stripe()) return void res.status(404).json({ error: "Card payments are not configured." });
    next();
  };
  const handle: RequestHandler = async (req, res) => {
    const stripe = options.stripe()!;
    const log = getLogger();
    const signature = req.get("stripe-signature");
    let event: Stripe.Event;
    try {
      if (!signature || !Buffer.isBuffer(req.body)) throw new Error("no signature or body");
      event = stripe.client.webhooks.constructEvent(req.body, signature, stripe.webhookSecret);
    } catch (error) {
      log.warn({ err: (error as Error).message }, "stripe: webhook signature refused");
      return void res.status(400).json({ error: "The Stripe signature is missing or invalid." });
    }
    let outcome: StripeEventOutcome;
    try {
      outcome = await handleStripeEvent({ db: options.getDb(), event });
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        log.warn({ event: event.id, type: event.type }, "stripe: database unavailable; Stripe will retry");
        return void res.status(503).set("Retry-After", "30").json({ error: "Temporarily unavailable." });
      }
      log.error({ err: error, event: event.id, type: event.type }, "stripe: webhook event not handled");
      return void res.status(500).json({ error: "The event could not be handled." });
    }
    log.info({ event: event.id, type: event.type, outcome: outcome.outcome }, "stripe: webhook event");
    // The event is committed: a failure from here on is logged, not answered 500, since a
    // redelivery would find the event handled and never retry what failed.
    if (options.afterEvent) {
      await options.afterEvent(outcome).catch((error: unknown) => {
        log.error({ err: error, event: event.id }, "stripe: follow-up of a webhook event failed");
      });
    }
    res.status(200).json({ received: true });
  };
  return [guard, raw, handle];
}
