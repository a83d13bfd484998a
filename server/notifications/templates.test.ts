import { describe, expect, it } from "vitest";
import { notificationKinds } from "./enqueue-notification.ts";
import { renderNotification } from "./templates.ts";

// Every payload value a template reads, and the member's name and the brand, holding markup,
// an ampersand and both quotes: the HTML must show them as text, headings included.
const HOSTILE = `<b>x & "q" 'a'</b>`;
const ESCAPED = "&lt;b&gt;x &amp; &quot;q&quot; &#39;a&#39;&lt;/b&gt;";
const PAYLOAD_KEYS = [
  "plans",
  "plan",
  "gift",
  "continuing",
  "period",
  "amount",
  "invoiceId",
  "balance",
  "txId",
  "nextBillingDate",
  "dueDate",
  "shortfall",
  "effectiveOn",
  "oldAmount",
  "newAmount",
  "order",
  "arrived",
  "cardPaid",
  "activeUntil",
  "due",
  "paid",
  "refunded",
  "taken",
  "unrecovered",
];
const payload = Object.fromEntries(PAYLOAD_KEYS.map((key) => [key, HOSTILE]));
const context = {
  brand: HOSTILE,
  firstName: HOSTILE,
  dashboardUrl: `https://signals.example/dashboard?a=1&b="2"`,
  siteUrl: "https://signals.example",
};

describe("notification emails escape what they are given", () => {
  it.each([...notificationKinds, "unknown_kind"])("%s", (kind) => {
    const { html, text } = renderNotification(kind, payload, context);
    expect(html).not.toContain("<b>");
    expect(html).not.toContain('"q"');
    expect(html).toContain(`<h1 style="font-size:20px;margin:0 0 16px">`);
    expect(html).toContain(`>Hi ${ESCAPED},</p>`);
    expect(html).toContain(`>${ESCAPED}</p>`);
    expect(html).toContain('href="https://signals.example/dashboard?a=1&amp;b=&quot;2&quot;"');
    // The plain-text part is text: nothing to escape there.
    expect(text).toContain(`Hi ${HOSTILE},`);
  });

  it.each(["price_change_notice", "price_change_cancelled"])(
    "%s: the plan's name in the heading is escaped",
    (kind) => {
      const { html } = renderNotification(kind, { ...payload, plan: "<i>Gold & Co</i>" }, context);
      expect(html).toMatch(/<h1 style="font-size:20px;margin:0 0 16px">&lt;i&gt;Gold &amp; Co&lt;\/i&gt;: [^<]+<\/h1>/);
    },
  );
});

describe("purchase and renewal emails link their receipt", () => {
  it.each(["purchase_confirmed", "renewal_charged"])("%s", (kind) => {
    const { html, text } = renderNotification(kind, { invoiceId: "INV-2026/11 A&B" }, context);
    const url = "https://signals.example/dashboard/receipts/INV-2026%2F11%20A%26B";
    expect(text).toContain(`Your receipt: ${url}`);
    expect(html).toContain(`Your receipt: ${url}`);
  });

  it("an email without an invoice has no receipt line", () => {
    expect(renderNotification("purchase_confirmed", {}, context).text).not.toContain("receipt");
    expect(renderNotification("deposit_credited", { invoiceId: "INV-1" }, context).text).not.toContain("receipt");
  });
});

describe("a purchase that paid an order says so, and what is left", () => {
  it("names the order in the subject, the heading and the first line; the balance as what is left", () => {
    const paid = { order: "ORD-1A2B3C4D", plans: "Alpha, Beta", period: "monthly", amount: "$116.00 USDT" };
    const { subject, text } = renderNotification("purchase_confirmed", { ...paid, balance: "$84.00" }, context);
    expect(subject).toMatch(/^Order ORD-1A2B3C4D paid: your subscription is active/);
    expect(text).toContain("Your balance paid order ORD-1A2B3C4D: Alpha, Beta (monthly) for $116.00 USDT, now active.");
    expect(text).toContain("Left on your balance: $84.00 USDT.");
    const direct = renderNotification("purchase_confirmed", { ...paid, order: undefined }, context);
    expect(direct.subject).toMatch(/^Your subscription is active/);
    expect(direct.text).toContain("You subscribed to Alpha, Beta (monthly) for $116.00 USDT, now active.");
    const dated = renderNotification("purchase_confirmed", { ...paid, activeUntil: "2026-12-28" }, context);
    expect(dated.text).toContain("for $116.00 USDT, active until Dec 28, 2026.");
  });

  it("with the deposit that paid it folded in: what arrived, what it paid, what is left, in one message", () => {
    const paid = { order: "ORD-1A2B3C4D", plans: "VIP", period: "monthly", amount: "$116.00 USDT", balance: "$84.00" };
    const folded = { ...paid, via: "deposit_credited", arrived: "$200.00", txId: "abc123", activeUntil: "2026-12-28" };
    const { subject, text, html } = renderNotification("purchase_confirmed", folded, context);
    expect(subject).toMatch(/^Deposit received: order ORD-1A2B3C4D paid — /);
    expect(html).toContain(">$200.00 USDT arrived and paid order ORD-1A2B3C4D</h1>");
    const lines = text.split("\n\n");
    expect(lines.slice(1, 3)).toEqual([
      "Your deposit of $200.00 USDT (TRC-20) arrived.",
      "It paid order ORD-1A2B3C4D: VIP (monthly) for $116.00 USDT, active until Dec 28, 2026.",
    ]);
    expect(lines).toContain("Left on your balance: $84.00 USDT.");
    expect(lines).toContain("Transaction: abc123");
    const card = renderNotification(
      "purchase_confirmed",
      { ...folded, via: "card_payment_credited", cardPaid: "$200.00 USD" },
      context,
    );
    expect(card.subject).toMatch(/^Card payment received: order ORD-1A2B3C4D paid/);
    expect(card.text).toContain("Your card payment of $200.00 USD added $200.00 USDT to your balance.");
    const team = renderNotification("purchase_confirmed", { ...folded, via: "balance_credited" }, context);
    expect(team.subject).toMatch(/^Balance credited: order ORD-1A2B3C4D paid/);
    expect(team.text).toContain("Our team added $200.00 USDT to your balance.");
  });
});

describe("credits that paid nothing say what arrived, what is left and what an open order still needs", () => {
  it.each([
    ["deposit_credited", "Your deposit of $25.50 USDT (TRC-20) arrived."],
    ["balance_credited", "Our team added $25.50 USDT to your balance."],
    ["card_payment_credited", "Your card payment of $26.00 USD added $25.50 USDT to your balance."],
  ])("%s", (kind, arrived) => {
    const payload = { amount: "$25.50", paid: "$26.00 USD", balance: "$30.00" };
    const { text } = renderNotification(kind, payload, context);
    expect(text).toContain(`${arrived}\n\nYour balance is now $30.00 USDT.`);
    expect(text).not.toContain("still needs");
    const owing = renderNotification(kind, { ...payload, order: "ORD-1A2B3C4D", due: "$86.00" }, context);
    expect(owing.text).toContain(
      "Order ORD-1A2B3C4D still needs $86.00 USDT: it is paid as soon as your balance covers it.",
    );
  });
});

describe("renewals say what was taken or why nothing was, and what is left", () => {
  it("a renewal charged says the balance left", () => {
    const { text } = renderNotification(
      "renewal_charged",
      { plan: "VIP", amount: "$49.00 USDT", balance: "$1.00" },
      context,
    );
    expect(text).toContain("VIP was renewed for $49.00 USDT from your balance.");
    expect(text).toContain("Left on your balance: $1.00 USDT.");
  });

  it("a renewal the balance did not cover says nothing was taken and how short it was", () => {
    const payload = { plan: "VIP", amount: "$49.00 USDT", balance: "$1.00", shortfall: "$48.00" };
    expect(renderNotification("renewal_failed", payload, context).text).toContain(
      "Nothing was taken: your balance is $1.00 USDT, $48.00 USDT short of the renewal.",
    );
  });
});

describe("purchase and renewal emails say what was taken off the price", () => {
  it.each(["purchase_confirmed", "renewal_charged"])("%s", (kind) => {
    const breakdown = "List price $49.00 USDT, less $4.90 USDT with code SPRING.";
    expect(renderNotification(kind, { breakdown }, context).text).toContain(breakdown);
    expect(renderNotification(kind, {}, context).text).not.toContain("List price");
  });
});

describe("a plan ended as scheduled, to a plan the member already holds", () => {
  it("says it ended uncharged and the plan moved to continues, not to subscribe again", () => {
    const expired = { plan: "All-in-One", endedOn: "2026-03-01", reason: "scheduled", continuing: "VIP Signals" };
    const { text } = renderNotification("subscription_expired", expired, context);
    expect(text).toContain(
      "All-in-One has ended as you scheduled, and nothing was charged. VIP Signals continues under the plan you already have.",
    );
    expect(text).toContain("There is nothing to do.");
    expect(text).not.toContain("subscribe again");
    expect(renderNotification("subscription_expired", { reason: "scheduled" }, context).text).not.toMatch(/undefined/);
  });
});

describe("dates in emails read as the site prints a date", () => {
  it.each([
    ["renewal_charged", { nextBillingDate: "2026-03-01" }, "Next renewal: Mar 1, 2026."],
    ["renewal_reminder", { dueDate: "2026-02-28" }, "renews on Feb 28, 2026 for"],
    ["renewal_covered", { nextBillingDate: "2026-03-01" }, "Its next renewal is on Mar 1, 2026."],
    ["price_change_notice", { effectiveOn: "2026-12-23" }, "for renewals from Dec 23, 2026."],
  ])("%s", (kind, dates, line) => {
    const { text, html } = renderNotification(kind, dates, context);
    expect(text).toContain(line);
    expect(html).toContain(line);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe("a card refund's message", () => {
  it("says what went back to the card, what the balance gave back, what it could not, and what is left", () => {
    const { subject, text } = renderNotification(
      "card_refunded",
      { refunded: "$25.00 USD", taken: "$5.00", unrecovered: "$20.00", balance: "$0.00" },
      { ...context, brand: "Signals", firstName: "Ada" },
    );
    expect(subject).toContain("Card refund");
    expect(text).toContain("$25.00 USD was refunded to your card.");
    expect(text).toContain("$5.00 USDT was taken back from your balance for it.");
    expect(text).toContain("$20.00 USDT of it had already paid for plans; our team will contact you about it.");
    expect(text).toContain("Left on your balance: $0.00 USDT.");
    const whole = renderNotification(
      "card_refunded",
      { refunded: "$5.00 USD", taken: "$5.00", balance: "$15.00" },
      context,
    );
    expect(whole.text).not.toContain("already paid for plans");
  });
});
