import Stripe from "stripe";
import { getConfig } from "../config.ts";
import { singleton } from "../lib/singleton.ts";

export type StripeClient = Stripe;

/**
 * The process's Stripe client, or undefined when card payments are off (no keys). STRIPE_API_URL
 * sets where it connects (a local stand-in in tests). One network retry, with the idempotency
 * key the library adds, and a short timeout: a member waits on it before seeing the card page.
 */
export function getStripe(): Stripe | undefined {
  const stripe = getConfig().stripe;
  if (!stripe) return undefined;
  return singleton("stripe", () => createStripeClient({ secretKey: stripe.secretKey, api: stripe.api }));
}

export function createStripeClient(options: {
  secretKey: string;
  api: { protocol: "http" | "https"; host: string; port: number };
}): Stripe {
  return new Stripe(options.secretKey, {
    host: options.api.host,
    port: options.api.port,
    protocol: options.api.protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}

/** Stripe's ids arrive as strings or, when expanded, as objects carrying one. */
export function stripeId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
