import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const FAKE_STRIPE_SECRET_KEY = "sk_test_standin0000000000000000";
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_standin0000000000000000";

const randomId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString("hex")}`;

/** Stripe's form encoding (`a[b][0][c]=1`) read back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  /** Not Stripe's: what the session was created with, for assertions. */
  created_with: Record<string, unknown>;
};

export type FakeCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
};

/**
 * A local stand-in for the part of Stripe's API this site uses, over real HTTP on 127.0.0.1:
 * `POST /v1/checkout/sessions` (form-encoded, bearer key checked) answers a Checkout Session
 * whose `url` is the stand-in's own hosted page (`/pay/:id`, a form with "Pay" and "Cancel",
 * no script). Paying — on that page or with `pay(id)` — marks the session paid with a
 * PaymentIntent and a charge and delivers `checkout.session.completed` to `webhookUrl`, signed
 * as Stripe signs (the library's generateTestHeaderString). `refund` and `dispute` deliver
 * `charge.refunded` and `charge.dispute.created`; `signedEvent` builds any event with its
 * header, for posting by hand (replays, forged and stale signatures).
 */
export async function startFakeStripe(options: { webhookSecret?: string; secretKey?: string } = {}) {
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const sessions = new Map<string, FakeCheckoutSession>();
  const charges = new Map<string, FakeCharge>();
  const requests: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const delivered: { type: string; status: number }[] = [];
  let webhookUrl: string | undefined;
  let failNext = 0;

  function event(type: string, object: unknown) {
    return {
      id: randomId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
  }

  /** An event's body and the Stripe-Signature header for it (`timestamp` in seconds). */
  function signedEvent(type: string, object: unknown, sign: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event(type, object));
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: sign.secret ?? webhookSecret,
      ...(sign.timestamp === undefined ? {} : { timestamp: sign.timestamp }),
    });
    return { payload, header, id: (JSON.parse(payload) as { id: string }).id };
  }

  async function deliver(type: string, object: unknown) {
    if (!webhookUrl) throw new Error("fake Stripe: no webhook URL set");
    const { payload, header } = signedEvent(type, object);
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
    delivered.push({ type, status: response.status });
    return response.status;
  }

  function session(id: string) {
    const found = sessions.get(id);
    if (!found) throw new Error(`fake Stripe: no session ${id}`);
    return found;
  }

  function chargeOf(sessionId: string) {
    const paymentIntent = session(sessionId).payment_intent;
    const found = [...charges.values()].find((charge) => charge.payment_intent === paymentIntent);
    if (!found) throw new Error(`fake Stripe: session ${sessionId} is not paid`);
    return found;
  }

  /** The card is charged: the session completes, and Stripe tells the webhook. */
  async function pay(id: string) {
    const paid = session(id);
    if (paid.payment_status !== "paid") {
      paid.payment_intent = randomId("pi");
      paid.payment_status = "paid";
      paid.status = "complete";
      const charge: FakeCharge = {
        id: randomId("ch"),
        object: "charge",
        amount: paid.amount_total,
        amount_refunded: 0,
        currency: paid.currency,
        payment_intent: paid.payment_intent,
        refunded: false,
      };
      charges.set(charge.id, charge);
    }
    const { created_with: _, ...object } = paid;
    return deliver("checkout.session.completed", object);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString();
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (url.pathname.startsWith("/v1/")) {
        const body = parseStripeForm(raw);
        requests.push({ method: req.method ?? "", path: url.pathname, body });
        if (req.headers.authorization !== `Bearer ${secretKey}`)
          return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        if (failNext > 0) {
          failNext--;
          return send(500, { error: { type: "api_error", message: "fake failure" } });
        }
        if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
          const items = body.line_items as { price_data: { unit_amount: string; currency: string } }[];
          const id = randomId("cs");
          const created: FakeCheckoutSession = {
            id,
            object: "checkout.session",
            mode: String(body.mode),
            status: "open",
            payment_status: "unpaid",
            amount_total: items.reduce((sum, item) => sum + Number(item.price_data.unit_amount), 0),
            currency: items[0]!.price_data.currency,
            client_reference_id: (body.client_reference_id as string | undefined) ?? null,
            customer_email: (body.customer_email as string | undefined) ?? null,
            metadata: (body.metadata as Record<string, string> | undefined) ?? {},
            payment_intent: null,
            success_url: String(body.success_url),
            cancel_url: String(body.cancel_url),
            url: `http://${req.headers.host}/pay/${id}`,
            created_with: body,
          };
          sessions.set(id, created);
          const { created_with: _, ...answer } = created;
          return send(200, answer);
        }
        return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL` } });
      }
      const page = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      const found = page ? sessions.get(page[1]!) : undefined;
      if (!found) {
        res.writeHead(404, { "content-type": "text/plain" });
        return res.end("No such checkout session");
      }
      if (req.method === "GET") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(hostedPage(found));
      }
      const choice = new URLSearchParams(raw).get("choice");
      if (choice === "cancel") {
        res.writeHead(303, { location: found.cancel_url });
        return res.end();
      }
      void pay(found.id).then(
        () => {
          res.writeHead(303, { location: found.success_url });
          res.end();
        },
        (error: unknown) => {
          res.writeHead(500, { "content-type": "text/plain" });
          res.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    secretKey,
    webhookSecret,
    requests,
    delivered,
    sessions,
    setWebhookUrl(value: string) {
      webhookUrl = value;
    },
    /** Answers the next `count` API calls with a 500. */
    failNext(count: number) {
      failNext = count;
    },
    pay,
    signedEvent,
    /** The session's whole object as Stripe would send it in an event. */
    sessionObject(id: string) {
      const { created_with: _, ...object } = session(id);
      return object;
    },
    chargeOf,
    /** Refunds `cents` more of the session's charge and tells the webhook (a running total, as Stripe's). */
    refund(sessionId: string, cents: number) {
      const charge = chargeOf(sessionId);
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + cents);
      charge.refunded = charge.amount_refunded === charge.amount;
      return deliver("charge.refunded", { ...charge });
    },
    /** The member disputes the session's charge with their bank. */
    dispute(sessionId: string, reason = "fraudulent") {
      const charge = chargeOf(sessionId);
      return deliver("charge.dispute.created", {
        id: randomId("dp"),
        object: "dispute",
        amount: charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        reason,
        status: "needs_response",
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The stand-in's hosted checkout page: the amount, the product line, Pay and Cancel. */
function hostedPage(session: FakeCheckoutSession) {
  const items = session.created_with.line_items as { price_data: { product_data: { name: string } } }[];
  const amount = `$${(session.amount_total / 100).toFixed(2)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Stripe Checkout (test stand-in)</title></head>
<body><main><h1>Pay ${escape(amount)}</h1><p>${escape(items[0]?.price_data.product_data.name ?? "")}</p>
<p>${escape(session.customer_email ?? "")}</p>
<form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242"></label>
<button name="choice" value="pay">Pay ${escape(amount)}</button>
<button name="choice" value="cancel">Cancel</button></form></main></body></html>`;
}
