import { coveredRenewalNotice } from "~/lib/billing/complimentary-cover";
import { expiredLine, expiredNextLine } from "~/lib/billing/expiry-notice";
import {
  arrivedLine,
  cardRefundNotice,
  creditedLines,
  debitedNotice,
  leftLines,
  purchaseNotice,
  referralReversalNotice,
  referralRewardNotice,
  renewalShortLines,
} from "~/lib/billing/money-notices";
import { formatDaysIn } from "~/lib/dates";
import { receiptPath } from "~/lib/receipts";
import { emailHtml } from "../email/layout.ts";
import type { NotificationKind } from "./enqueue-notification.ts";
import { trialTemplates } from "./trial-templates.ts";

export type RenderedMessage = { subject: string; text: string; html: string };

/** `siteUrl`: the site's public origin (PUBLIC_URL), which every link in an email starts with. */
type Context = { brand: string; firstName: string; dashboardUrl: string; siteUrl: string };
type Payload = Record<string, string | undefined>;

// Payload values are display strings written by the event that queued the message, dates as ISO
// calendar dates (printed as the site prints a date); any key may be missing on old rows, so every
// template reads with a fallback.
type Template = (p: Payload, siteUrl: string) => { subject: string; heading: string; lines: string[] };

/** A purchase's or renewal's receipt page, at the site's public address. */
function receiptLine(p: Payload, siteUrl: string): string[] {
  return p.invoiceId ? [`Your receipt: ${siteUrl}${receiptPath(p.invoiceId)}`] : [];
}

const templates: Record<NotificationKind, Template> = {
  purchase_confirmed: (p, siteUrl) => {
    const notice = purchaseNotice(p);
    return {
      subject: notice.subject,
      heading: notice.heading,
      lines: [
        ...notice.lines,
        ...(p.breakdown ? [p.breakdown] : []),
        ...(p.invoiceId ? [`Invoice: ${p.invoiceId}.`] : []),
        ...receiptLine(p, siteUrl),
        ...leftLines(p),
        ...(notice.credit && p.txId ? [`Transaction: ${p.txId}`] : []),
        "Your access links arrive from our Telegram bot; if you have not verified your Telegram " +
          "username yet, do it on the dashboard first.",
      ],
    };
  },
  deposit_credited: (p) => ({
    subject: "Deposit received",
    heading: "Your deposit has been credited",
    lines: [arrivedLine("deposit", p), ...creditedLines(p), ...(p.txId ? [`Transaction: ${p.txId}`] : [])],
  }),
  // An operator's credit: no transfer arrived, so it is not described as a deposit.
  balance_credited: (p) => ({
    subject: "Balance credited",
    heading: "Your balance has been credited",
    lines: [arrivedLine("credit", p), ...creditedLines(p)],
  }),
  card_payment_credited: (p) => ({
    subject: "Card payment received",
    heading: "Your card payment has been credited",
    lines: [arrivedLine("card", p), ...creditedLines(p)],
  }),
  renewal_charged: (p, siteUrl) => ({
    subject: "Subscription renewed",
    heading: "Your subscription has been renewed",
    lines: [
      `${p.plan ?? "Your subscription"} was renewed for ${p.amount ?? "its price"} from your balance.`,
      ...(p.breakdown ? [p.breakdown] : []),
      ...(p.nextBillingDate ? [`Next renewal: ${p.nextBillingDate}.`] : []),
      ...(p.invoiceId ? [`Invoice: ${p.invoiceId}.`] : []),
      ...receiptLine(p, siteUrl),
      ...leftLines(p),
    ],
  }),
  renewal_failed: (p) => ({
    subject: "Renewal failed: your subscription has ended",
    heading: "We could not renew your subscription",
    lines: [
      `Your balance did not cover the renewal of ${p.plan ?? "your subscription"}${p.changingTo ? ` as ${p.changingTo}, the change you scheduled` : ""}${p.amount ? ` (${p.amount})` : ""}, so it has ended.`,
      ...renewalShortLines(p),
      "Deposit USDT (TRC-20) to your balance and subscribe again from the dashboard to restore access.",
    ],
  }),
  subscription_expired: (p) => ({
    subject: "Your subscription has ended",
    heading: "Your subscription has ended",
    lines: [expiredLine(p), expiredNextLine(p)],
  }),
  renewal_reminder: (p) => ({
    subject: "Top up to keep your subscription",
    heading: "Your renewal is coming up",
    lines: [
      `${p.plan ?? "Your subscription"} renews${p.dueDate ? ` on ${p.dueDate}` : " soon"} for ${p.amount ?? "its price"}, and your balance${p.balance ? ` (${p.balance} USDT)` : ""} does not cover it.`,
      ...(p.shortfall
        ? [`Deposit at least ${p.shortfall} USDT (TRC-20) to your deposit address to renew without interruption.`]
        : []),
    ],
  }),
  renewal_covered: (p) => {
    const { title, lines } = coveredRenewalNotice(p);
    return { subject: title, heading: "Included in your complimentary plan", lines };
  },
  price_change_notice: (p) => ({
    subject: "A price change for your subscription",
    heading: `${p.plan ?? "Your plan"}: new price from ${p.effectiveOn ?? "a later date"}`,
    lines: [
      `The price of ${p.plan ?? "your plan"} changes from ${p.oldAmount ?? "its current price"} to ${p.newAmount ?? "a new price"}${p.period ? ` (${p.period})` : ""}, for renewals from ${p.effectiveOn ?? "the date above"}.`,
      "Renewals before that date are charged the current price. You can turn autorenew off on " +
        "your dashboard at any time.",
    ],
  }),
  price_change_cancelled: (p) => ({
    subject: "The price change for your subscription is cancelled",
    heading: `${p.plan ?? "Your plan"}: the announced price change is cancelled`,
    lines: [
      `The price change we told you about for ${p.plan ?? "your plan"} will not happen. Your renewals stay at ${p.amount ?? "the current price"}${p.period ? ` (${p.period})` : ""}.`,
      "Nothing changes for you; there is nothing to do.",
    ],
  }),
  ...trialTemplates,
  balance_debited: (p) => {
    const { title, lines } = debitedNotice(p);
    return { subject: title, heading: "Your balance has been debited", lines };
  },
  card_refunded: (p) => {
    const { title, lines } = cardRefundNotice(p);
    return { subject: title, heading: "Your card payment has been refunded", lines };
  },
  referral_rewarded: (p) => {
    const { title, lines } = referralRewardNotice(p);
    return { subject: title, heading: "You earned a referral reward", lines };
  },
  referral_reversed: (p) => {
    const { title, lines } = referralReversalNotice(p);
    return { subject: title, heading: "A referral reward was taken back", lines };
  },
};

export function renderNotification(kind: string, payload: Payload, context: Context): RenderedMessage {
  const template = templates[kind as NotificationKind];
  const { subject, heading, lines } = template
    ? template(formatDaysIn(payload), context.siteUrl)
    : { subject: "Account update", heading: "There is an update on your account", lines: [] };
  const greeting = `Hi ${context.firstName || "there"},`;
  const paragraphs = [greeting, ...lines];
  const text = `${paragraphs.join("\n\n")}\n\nOpen your dashboard: ${context.dashboardUrl}\n\n— ${context.brand}\n`;
  const html = emailHtml({
    brand: context.brand,
    heading,
    paragraphs,
    action: { label: "Open your dashboard", url: context.dashboardUrl },
  });
  return { subject: `${subject} — ${context.brand}`, text, html };
}
