import type { knowledgebaseArticles } from "../../db/schema.ts";
import { escapeHtml } from "../../lib/escape-markup.ts";

type KnowledgebaseInsert = typeof knowledgebaseArticles.$inferInsert;

/** Demo help-centre articles: 7 published, 1 unpublished draft. */
export function demoKnowledgebase(brand: string): KnowledgebaseInsert[] {
  const b = escapeHtml(brand);
  return [
    {
      title: "How to verify your Telegram username",
      content: `<p>Signals and channel access are delivered in Telegram, so the first step after signing up is
to link your Telegram account to your ${b} account.</p>
<ol>
<li>Log in and open the <strong>Welcome</strong> section of your dashboard.</li>
<li>Enter your Telegram username (for example <strong>@yourname</strong>) and save it.</li>
<li>Click <strong>Generate code</strong>. A 6-digit verification code appears on screen.</li>
<li>Open our bot in Telegram using the link on the dashboard, press <strong>Start</strong> and send the code
as a message.</li>
<li>The bot replies to confirm, and your dashboard shows your username as verified.</li>
</ol>
<h3>Good to know</h3>
<ul>
<li>The code is valid for <strong>15 minutes</strong>. If it expires, simply generate a new one; only the
latest code works.</li>
<li>Send the code from the same Telegram account as the username you entered.</li>
<li>If you do not have a username yet, set one in Telegram under <strong>Settings → Username</strong> first.</li>
<li>Our team will never ask you to send the code to anyone other than the official bot.</li>
</ul>
<p>Once verified, any active subscription is delivered automatically. Plans bought before verification are
delivered as soon as you complete it.</p>`,
      published: true,
      displayOrder: 1,
    },
    {
      title: "How to deposit USDT (TRC-20)",
      content: `<p>All plans are paid from your ${b} balance, which you top up with <strong>USDT on the TRON
network (TRC-20)</strong>.</p>
<ol>
<li>Open your dashboard and copy your <strong>personal deposit address</strong>. It starts with the letter T
and belongs to your account only.</li>
<li>On your exchange or wallet, withdraw <strong>USDT</strong> and select the <strong>TRC-20</strong> (TRON)
network.</li>
<li>Paste the address, check the first and last characters, enter the amount and confirm.</li>
<li>Your balance is credited automatically once the transaction is confirmed on the network, usually within a
few minutes.</li>
</ol>
<h3>Important</h3>
<ul>
<li>Send <strong>only USDT on TRC-20</strong>. Other tokens (TRX, USDC and others) and other networks (ERC-20,
BEP-20 and others) are not credited and are <strong>lost permanently</strong>.</li>
<li>Exchanges deduct a withdrawal fee. Send a little extra if you need an exact amount to arrive.</li>
<li>Always copy the address from your dashboard, never from an email or chat message.</li>
</ul>
<p>Not credited after 30 minutes? Look up the transaction ID (TXID) on a TRON block explorer to confirm it
went through, then contact support with the TXID.</p>`,
      published: true,
      displayOrder: 2,
    },
    {
      title: "How subscriptions and autorenew work",
      content: `<p>Every plan can be bought for one of three billing periods, paid from your USDT balance:</p>
<ul>
<li><strong>Monthly:</strong> billed every month.</li>
<li><strong>Quarterly:</strong> billed every three months, and you <strong>save 15%</strong> compared with
paying monthly.</li>
<li><strong>Lifetime:</strong> a single payment with no renewals and no expiry.</li>
</ul>
<p>Your subscription starts as soon as the payment is taken from your balance, and access is delivered in
Telegram once your username is verified.</p>
<h3>Autorenew</h3>
<p>Monthly and quarterly subscriptions have autorenew switched on by default. On the next billing date, the
renewal is <strong>charged from your balance</strong> automatically and your access continues without a gap.
You can see the next billing date and switch autorenew on or off for each subscription on your dashboard.</p>
<ul>
<li>Make sure your balance covers the renewal before the billing date. If it does not, the renewal cannot be
charged and your access ends when the current period does.</li>
<li>Switching autorenew off does not end your subscription immediately. You keep access until the end of the
period you paid for.</li>
<li><strong>Lifetime plans never renew</strong>, so there is nothing to charge and nothing to switch off.</li>
</ul>
<p>Every charge, including renewals, appears in your billing history.</p>`,
      published: true,
      displayOrder: 3,
    },
    {
      title: "How to read a signal",
      content: `<p>Every signal from the ${b} bot follows the same structure, so you can act on it quickly.</p>
<ul>
<li><strong>Pair and direction:</strong> for example ETH/USDT LONG (buy) or SHORT (sell).</li>
<li><strong>Entry zone:</strong> the price range where the setup is valid. Use limit orders inside the zone.
If price has already moved well past it, skip the trade rather than chase it.</li>
<li><strong>Targets (TP1, TP2, TP3):</strong> take-profit levels. Many members close part of the position at
each target.</li>
<li><strong>Stop loss (SL):</strong> the price where the idea is invalid. Place it as a real order on the
exchange immediately after entering.</li>
<li><strong>Leverage:</strong> the maximum suggested for futures signals. You can always use less. Spot
signals use no leverage.</li>
<li><strong>Risk:</strong> the suggested share of your account to risk, for example 1%.</li>
</ul>
<h3>Updates</h3>
<p>The bot replies to the original signal when a target is hit, when you should move your stop (for example
"move SL to entry after TP1") and when a trade is closed. Follow these updates to manage the trade as
planned.</p>
<p><strong>Remember:</strong> signals are trade ideas, not guarantees. Losing trades are part of trading,
which is why every signal has a stop loss.</p>`,
      published: true,
      displayOrder: 4,
    },
    {
      title: "Installing the TradingView indicator",
      content: `<p>The ${b} indicator is an invite-only script, so access is granted to your personal
TradingView account.</p>
<ol>
<li>Subscribe to <strong>Indicator Pro</strong> or <strong>All-in-One</strong> and verify your Telegram username.</li>
<li>The bot asks for your <strong>TradingView username</strong> in Telegram. Reply with it exactly as shown on
your TradingView profile.</li>
<li>We grant access, usually within a few hours, and the bot confirms when it is done.</li>
<li>In TradingView, open a chart and click <strong>Indicators</strong>.</li>
<li>Choose the <strong>Invite-only scripts</strong> tab and click the ${b} indicator to add it to the chart.</li>
</ol>
<h3>Tips</h3>
<ul>
<li>A free TradingView account can use the indicator. Paid TradingView plans allow more indicators per chart
and more active alerts.</li>
<li>To get alerts, open the alert dialog, pick the indicator as the condition and set it to trigger once per
bar close.</li>
<li>After an update, remove the indicator and add it again to load the latest version.</li>
</ul>
<p>Access stays active for as long as your subscription does. If you change your TradingView username, send
the new one to support so we can move your access.</p>`,
      published: true,
      displayOrder: 5,
    },
    {
      title: "Risk management basics",
      content: `<p>No signal service wins every trade. What protects your account is how you manage risk on
each one.</p>
<ul>
<li><strong>Risk a small, fixed share per trade.</strong> Most professionals risk 0.5–2% of their account on a
single trade. That way a losing streak stays manageable.</li>
<li><strong>Size positions from the stop loss.</strong> Divide the amount you are willing to lose by the
distance from entry to stop. A wider stop means a smaller position.</li>
<li><strong>Always use a stop loss</strong> and place it on the exchange straight away. Never move it further
from your entry.</li>
<li><strong>Treat leverage with respect.</strong> Check that your liquidation price is well beyond the stop
loss. Prefer isolated margin so one trade cannot drain your whole account.</li>
<li><strong>Limit total exposure.</strong> Several open trades in correlated coins behave like one big trade.</li>
<li><strong>Only trade money you can afford to lose.</strong> Never use borrowed money or funds you need for
living costs.</li>
</ul>
<h3>Before every trade</h3>
<ol>
<li>Check that price is still inside the entry zone.</li>
<li>Calculate the position size for your chosen risk.</li>
<li>Place the entry, stop-loss and take-profit orders together.</li>
</ol>
<p>Trading crypto and forex involves a substantial risk of loss, and past results do not guarantee future
performance.</p>`,
      published: true,
      displayOrder: 6,
    },
    {
      title: "Billing history and invoices",
      content: `<p>Every payment made from your ${b} balance is recorded in the <strong>Billing
history</strong> section of your dashboard, including first purchases and automatic renewals.</p>
<p>Each entry shows:</p>
<ul>
<li><strong>Invoice ID:</strong> a unique reference to quote when you contact support.</li>
<li><strong>Date:</strong> when the invoice was issued.</li>
<li><strong>Description:</strong> the plan and billing period, for example "VIP Signals, quarterly".</li>
<li><strong>Amount:</strong> the total charged, in USDT.</li>
<li><strong>Payment type:</strong> USDT (TRC-20), paid from your balance.</li>
<li><strong>Status:</strong> <strong>Paid</strong>, <strong>Pending</strong> or <strong>Failed</strong>.</li>
</ul>
<h3>What the statuses mean</h3>
<ul>
<li><strong>Paid:</strong> the amount was taken from your balance and the subscription is active.</li>
<li><strong>Pending:</strong> the payment is still being processed. This normally resolves within moments.</li>
<li><strong>Failed:</strong> the charge could not be completed, most often because the balance did not cover a
renewal. Top up your balance and purchase the plan again to restore access.</li>
</ul>
<p>Deposits are shown separately in your balance history, since they add funds rather than pay for a plan. If
something looks wrong, contact support with the invoice ID.</p>`,
      published: true,
      displayOrder: 7,
    },
    {
      title: "Connecting the Copy Trading Bot to your exchange (beta)",
      content: `<p>The Copy Trading Bot places the same trades as our providers in your own exchange account,
at the same time. This guide is for members in the beta programme.</p>
<ol>
<li>On your exchange, create a new <strong>API key</strong> with trading permissions for futures.</li>
<li><strong>Do not enable withdrawals</strong> on the key. The bot never needs them.</li>
<li>If your exchange supports it, restrict the key to the IP addresses shown in the bot setup message.</li>
<li>Send the key to the bot using the secure setup form linked from your dashboard, never in a plain chat message.</li>
<li>Choose your risk settings: a fixed amount or a percentage of your balance per trade, a maximum leverage
and a daily loss limit.</li>
</ol>
<h3>Good to know</h3>
<ul>
<li>Orders are placed within seconds of the provider's entry, with stop-loss and take-profit orders attached.</li>
<li>You can pause copying at any time from the bot menu. Open positions keep their stop loss.</li>
<li>Fills can differ slightly from the provider's because of slippage and your exchange's order book.</li>
</ul>
<p>Copy trading carries the same risks as trading manually. Only connect an account with funds you can afford
to lose.</p>`,
      published: false,
      displayOrder: 8,
    },
  ];
}
