/**
 * The words of the free-trial messages, shared by the email (server/notifications) and the bot
 * (server/telegram/messages.ts) so both say the same. Payload values are display strings written by
 * the event that queued the message; any may be missing.
 */
type Payload = Record<string, string | undefined>;

/** How a member pays for the plan after the trial: the balance, topped up before the end. */
const HOW_TO_PAY =
  "To keep it, keep autorenew on and have the price on your balance by then: deposit USDT " +
  "(TRC-20) to your deposit address on the dashboard, or top up by card where offered.";

export const trialTexts = {
  trial_started: (p: Payload) => ({
    title: `Your free trial of ${p.plan ?? "your plan"} has started`,
    lines: [
      `Your free trial of ${p.plan ?? "your plan"}${p.days ? ` (${p.days})` : ""} is active until ${p.endsOn ?? "its end date"}: the same access as a paid subscription, nothing charged.`,
      `After the trial it costs ${p.price ?? "the plan's monthly price"}. ${HOW_TO_PAY} Otherwise your access simply ends.`,
      "Your access links arrive from our Telegram bot; if you have not verified your Telegram " +
        "username yet, do it on the dashboard first.",
    ],
  }),
  trial_reminder: (p: Payload) => ({
    title: `Your free trial of ${p.plan ?? "your plan"} ends ${p.endsOn ? `on ${p.endsOn}` : "soon"}`,
    lines: [
      p.covered === "yes"
        ? `Your trial of ${p.plan ?? "your plan"} ends ${p.endsOn ? `on ${p.endsOn}` : "soon"}; then it continues at ${p.price ?? "its monthly price"}, paid from your balance${p.balance ? ` (${p.balance} USDT)` : ""}. Turn autorenew off on the dashboard if you do not want to continue.`
        : `Your trial of ${p.plan ?? "your plan"} ends ${p.endsOn ? `on ${p.endsOn}` : "soon"}. It continues at ${p.price ?? "its monthly price"}${p.balance ? `; your balance is ${p.balance} USDT` : ""}.`,
      ...(p.replaces
        ? [
            `${p.replaces} ends when it continues, as with an upgrade: its unused days${p.credit ? ` (${p.credit})` : ""} come off, so the first month costs ${p.firstCharge ?? "less"}.`,
          ]
        : []),
      ...(p.autorenew === "off"
        ? ["Autorenew is off, so your access ends then: turn it on under Subscriptions on the dashboard to continue."]
        : []),
      ...(p.covered === "yes" ? [] : [HOW_TO_PAY]),
      ...(p.covered !== "yes" && p.shortfall ? [`You need at least ${p.shortfall} USDT more.`] : []),
    ],
  }),
  trial_converted: (p: Payload) => ({
    title: `${p.plan ?? "Your plan"}: your trial is now a subscription`,
    lines: [
      `Your free trial of ${p.plan ?? "your plan"} has ended and your subscription continues: ${p.amount ?? "its price"} was paid from your balance.`,
      ...(p.breakdown ? [p.breakdown] : []),
      ...(p.replaced ? [`${p.replaced} ended at the conversion: ${p.plan ?? "your plan"} includes it.`] : []),
      ...(p.nextBillingDate ? [`Next renewal: ${p.nextBillingDate}.`] : []),
      ...(p.invoiceId ? [`Invoice: ${p.invoiceId}.`] : []),
      ...(p.balance ? [`Left on your balance: ${p.balance} USDT.`] : []),
    ],
  }),
  trial_ended: (p: Payload) => ({
    title: `Your free trial of ${p.plan ?? "your plan"} has ended`,
    lines: [
      `Your free trial of ${p.plan ?? "your plan"} ended${p.endedOn ? ` on ${p.endedOn}` : ""}${p.reason === "autorenew" ? " (autorenew was off)" : " because your balance did not cover the price"}, so its access has ended.`,
      `You can subscribe at any time from the dashboard for ${p.price ?? "the plan's price"}.`,
    ],
  }),
};
