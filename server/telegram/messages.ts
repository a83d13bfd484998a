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
import { trialTexts } from "~/lib/trial-messages";
import type { NotificationKind } from "../db/notifications-schema.ts";

/**
 * Every text the bot sends, in one place (tests assert them). Plain text, no parse mode: plan
 * names and payload values are shown as written, with nothing to escape.
 */
export const botMessages = {
  welcome: (brand: string) =>
    [
      `Welcome to ${brand}!`,
      "I deliver your subscriptions in Telegram: personal links to the private channels of your " +
        "plans, and messages about your deposits, renewals and reminders.",
      "To link this Telegram account to your membership, generate a verification code on your " +
        "dashboard and send the 6 digits here (or tap “Open the bot” there). A code is valid for " +
        "15 minutes.",
      commandList,
    ].join("\n\n"),
  welcomeBack: (brand: string) =>
    [`Welcome back to ${brand}! Your Telegram account is verified.`, commandList].join("\n\n"),
  verified: (username: string) =>
    `Your Telegram account @${username} is now verified. Your dashboard shows “Telegram Verified”; I will send your access links and account messages here.`,
  verifyUsage: "Send /verify followed by the 6-digit code from your dashboard, for example: /verify 123456",
  noUsername:
    "Your Telegram account has no username, so I cannot check it against your membership. Set " +
    "one in Telegram (Settings → Username), make sure it is the username saved in your " +
    "dashboard, then send the code again.",
  wrongCode: "That code is not valid. Check the 6-digit code on your dashboard, or generate a new one.",
  expiredCode:
    "That code has expired: codes are valid for 15 minutes. Generate a new one on your dashboard and send it here.",
  usernameMismatch: (username: string) =>
    `That code was not issued for @${username}. Make sure the Telegram username in your dashboard is @${username}, then generate a new code.`,
  linkedToAnotherMember:
    "This Telegram account is already verified for another member. A Telegram account can be " +
    "linked to one member only; please contact support if this is a mistake.",
  lockedOut: (minutes: number) =>
    `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  notLinked:
    "This Telegram account is not linked to a membership yet. Generate a verification code on " +
    "your dashboard and send the 6 digits here.",
  broadcastsStopped:
    "Done: I will send you no more announcements. Messages about your own account (payments, " +
    "renewals, access links) still come. Send /resume to get announcements again.",
  broadcastsResumed: "Announcements are on again. Send /stop at any time to stop them.",
  unknown:
    "I did not understand that. Send the 6-digit code from your dashboard to verify your " +
    "account, or /help for the commands.",
  noChats: (url: string) =>
    `You have no active subscription with a Telegram channel. Choose a plan on your dashboard: ${url}`,
  linksIntro: "Your personal access links:",
  linksOutro: (expires: string) =>
    `Tap a link and ask to join: I approve the request for this Telegram account only. The links work until ${expires}; send /links for new ones.`,
  linksFailed: "I could not create your access links just now. Please try /links again in a few minutes.",
  removed: (plans: string, url: string) =>
    `Your subscription to ${plans} is no longer active, so you have been removed from its Telegram channel. Renew or subscribe again from your dashboard to come back: ${url}`,
  removedTelegramReset: (plans: string, url: string) =>
    `Support changed the Telegram username on your account, so this Telegram account has been removed from the ${plans} channel. Verify your Telegram account again from your dashboard to come back: ${url}`,
  removedTelegramChanged: (plans: string, url: string) =>
    `You changed the Telegram username on your account, so this Telegram account has been removed from the ${plans} channel. Verify your new Telegram username from your dashboard to come back: ${url}`,
  removedBanned: (plans: string) => `Your account has been banned, so you have been removed from the ${plans} channel.`,
  removedDeleted: (plans: string) =>
    `Your account has been deleted, as you asked, so you have been removed from the ${plans} channel.`,
  joinDeclined: (url: string) =>
    `I could not approve your request to join: this Telegram account has no active subscription for that channel. If you are a member, verify this account on your dashboard and send /links. ${url}`,
  statusTitle: "Your subscriptions:",
  statusNone: "You have no active subscriptions.",
  statusBalance: (balance: string) => `Balance: ${balance}`,
} as const;

const commandList = [
  "Commands:",
  "/status – your subscriptions and balance",
  "/links – resend your access links",
  "/stop – no more announcements from us here",
  "/resume – announcements again",
  "/help – this message",
].join("\n");

/** The bot's command menu (setMyCommands). */
export const botCommands = [
  { command: "start", description: "Welcome and how to verify" },
  { command: "verify", description: "Verify with the code from your dashboard" },
  { command: "status", description: "Your subscriptions and balance" },
  { command: "links", description: "Resend my access links" },
  { command: "stop", description: "No more announcements" },
  { command: "resume", description: "Announcements again" },
  { command: "help", description: "What I can do" },
];

type Payload = Record<string, string | undefined>;

/** Where a message's links point: the dashboard, and the site's public origin (PUBLIC_URL, as in the emails). */
export type NotificationLinks = { dashboardUrl: string; siteUrl: string };

/** A purchase's or renewal's receipt page, as its email links it. */
const receiptLine = (p: Payload, siteUrl: string) =>
  p.invoiceId ? [`Your receipt: ${siteUrl}${receiptPath(p.invoiceId)}`] : [];

// Payload values are display strings written by the event that queued the message (see
// server/notifications/templates.ts); any key may be missing on old rows.
const notificationTexts: Record<NotificationKind, (p: Payload, siteUrl: string) => string[]> = {
  purchase_confirmed: (p, siteUrl) => {
    const notice = purchaseNotice(p);
    return [
      p.order ? `✅ ${notice.heading}` : "✅ Your subscription is active",
      ...notice.lines,
      ...(p.invoiceId ? [`Invoice: ${p.invoiceId}`] : []),
      ...receiptLine(p, siteUrl),
      ...leftLines(p),
      ...(notice.credit && p.txId ? [`Transaction: ${p.txId}`] : []),
    ];
  },
  deposit_credited: (p) => [
    "💰 Deposit received",
    arrivedLine("deposit", p),
    ...creditedLines(p),
    ...(p.txId ? [`Transaction: ${p.txId}`] : []),
  ],
  balance_credited: (p) => ["💰 Balance credited", arrivedLine("credit", p), ...creditedLines(p)],
  card_payment_credited: (p) => ["💳 Card payment received", arrivedLine("card", p), ...creditedLines(p)],
  renewal_charged: (p, siteUrl) => [
    "🔁 Subscription renewed",
    `${p.plan ?? "Your subscription"} was renewed for ${p.amount ?? "its price"} from your balance.`,
    ...(p.nextBillingDate ? [`Next renewal: ${p.nextBillingDate}.`] : []),
    ...(p.invoiceId ? [`Invoice: ${p.invoiceId}`] : []),
    ...receiptLine(p, siteUrl),
    ...leftLines(p),
  ],
  renewal_failed: (p) => [
    "⚠️ Renewal failed: your subscription has ended",
    `Your balance did not cover the renewal of ${p.plan ?? "your subscription"}${p.changingTo ? ` as ${p.changingTo}, the change you scheduled` : ""}${p.amount ? ` (${p.amount})` : ""}, so it has ended.`,
    ...renewalShortLines(p),
    "Deposit USDT (TRC-20) to your balance and subscribe again from the dashboard to restore access.",
  ],
  subscription_expired: (p) => ["Your subscription has ended", expiredLine(p), expiredNextLine(p)],
  renewal_reminder: (p) => [
    "⏰ Top up to keep your subscription",
    `${p.plan ?? "Your subscription"} renews${p.dueDate ? ` on ${p.dueDate}` : " soon"} for ${p.amount ?? "its price"}, and your balance${p.balance ? ` (${p.balance} USDT)` : ""} does not cover it.`,
    ...(p.shortfall
      ? [`Deposit at least ${p.shortfall} USDT (TRC-20) to your deposit address to renew without interruption.`]
      : []),
  ],
  renewal_covered: (p) => {
    const { title, lines } = coveredRenewalNotice(p);
    return [`🎁 ${title}`, ...lines];
  },
  price_change_notice: (p) => [
    "💱 A price change for your subscription",
    `The price of ${p.plan ?? "your plan"} changes from ${p.oldAmount ?? "its current price"} to ${p.newAmount ?? "a new price"}${p.period ? ` (${p.period})` : ""}, for renewals from ${p.effectiveOn ?? "a later date"}.`,
    "Renewals before that date are charged the current price. You can turn autorenew off on your dashboard.",
  ],
  price_change_cancelled: (p) => [
    "✅ The price change is cancelled",
    `The price change we told you about for ${p.plan ?? "your plan"} will not happen. Your renewals stay at ${p.amount ?? "the current price"}${p.period ? ` (${p.period})` : ""}.`,
  ],
  balance_debited: (p) => {
    const { title, lines } = debitedNotice(p);
    return [`➖ ${title}`, ...lines];
  },
  card_refunded: (p) => {
    const { title, lines } = cardRefundNotice(p);
    return [`↩️ ${title}`, ...lines];
  },
  referral_rewarded: (p) => {
    const { title, lines } = referralRewardNotice(p);
    return [`🎉 ${title}`, ...lines];
  },
  referral_reversed: (p) => {
    const { title, lines } = referralReversalNotice(p);
    return [`➖ ${title}`, ...lines];
  },
  // The trials' texts are the emails' own (app/lib/trial-messages.ts), the title first.
  ...(Object.fromEntries(
    Object.entries(trialTexts).map(([kind, text]) => [
      kind,
      (p: Payload) => {
        const { title, lines } = text(p);
        return [`🎁 ${title}`, ...lines];
      },
    ]),
  ) as Record<keyof typeof trialTexts, (p: Payload) => string[]>),
};

/** The Telegram text of an outbox notification; undefined for a kind the bot does not know. */
export function renderTelegramNotification(
  kind: string,
  payload: Payload,
  links: NotificationLinks,
): string | undefined {
  const render = notificationTexts[kind as NotificationKind];
  if (!render) return undefined;
  const [heading, ...lines] = render(formatDaysIn(payload), links.siteUrl);
  return [heading, lines.join("\n"), `Dashboard: ${links.dashboardUrl}`].join("\n\n");
}
