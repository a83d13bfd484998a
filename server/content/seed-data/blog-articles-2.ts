// Demo blog article bodies, part 2 (forex sessions, product updates, deposits, draft outlook).
// Each function takes the brand name already HTML-escaped and returns sanitized-safe HTML.

export function forexSessionsArticle(brand: string): string {
  return `<p>The currency market never sleeps during the week. It opens on Monday morning in Asia-Pacific and
runs without a break until Friday evening in New York. But "open" does not mean "active". Most of the volume,
and most of the opportunities, cluster in a few hours each day. Knowing when those hours are is one of the
simplest edges a forex trader can have.</p>
<h2>The four main sessions</h2>
<table>
<thead><tr><th scope="col">Session</th><th scope="col">Approx. hours (UTC, northern
summer)</th><th scope="col">Character</th></tr></thead>
<tbody>
<tr><td>Sydney</td><td>21:00 – 06:00</td><td>Quiet; AUD and NZD pairs are most active</td></tr>
<tr><td>Tokyo</td><td>00:00 – 09:00</td><td>JPY pairs move; daily ranges often form</td></tr>
<tr><td>London</td><td>07:00 – 16:00</td><td>Highest volume; trends often start here</td></tr>
<tr><td>New York</td><td>12:00 – 21:00</td><td>US data releases; strong moves in USD pairs</td></tr>
</tbody>
</table>
<p>These times shift by an hour when daylight saving changes in Europe, the US or Australia, and not all on
the same date, so check a session clock in March, April, October and November.</p>
<h2>The London–New York overlap</h2>
<p>Between roughly 12:00 and 16:00 UTC, London and New York are open at the same time. This window typically
has the tightest spreads and the highest volume of the day in EUR/USD, GBP/USD and gold. Many US economic
releases, such as the monthly employment report and inflation figures, come out at 12:30 UTC in summer (13:30
UTC in winter), right at the start of the overlap.</p>
<p>Most ${brand} forex signals are published shortly before or during the London session and the overlap. That
is no accident: entries and stops behave as expected only when there is enough liquidity.</p>
<h2>The Asian session</h2>
<p>Tokyo hours are generally calmer for European and US currencies. Prices often move in a tight range, and
that range becomes a reference for the rest of the day. A break of the Asian high or low during the London
open is one of the classic forex setups, and one of the patterns our TradingView indicator highlights.</p>
<h2>Why session timing matters for your trades</h2>
<ul>
<li><strong>Spreads:</strong> in quiet hours, and especially around the daily rollover at about 21:00–22:00
UTC, spreads widen. A stop that is safe at noon can be triggered by the spread alone at rollover.</li>
<li><strong>Volatility:</strong> a 20-pip stop may be generous in Tokyo hours and far too tight during a US
data release.</li>
<li><strong>Follow-through:</strong> breakouts in thin markets fail more often than breakouts with London or
New York volume behind them.</li>
<li><strong>Weekend gaps:</strong> the market closes on Friday evening and reopens on Sunday evening UTC.
Weekend news can make price open far from Friday's close, beyond your stop.</li>
</ul>
<h2>How to use this in practice</h2>
<ol>
<li>Convert the session times to your own time zone and write them down.</li>
<li>Check the economic calendar each morning for high-impact releases in the currencies you trade.</li>
<li>Avoid opening new positions just before major releases unless the signal explicitly accounts for them.</li>
<li>Be careful holding tight stops through the rollover or over the weekend.</li>
</ol>
<blockquote><p>In forex, when you trade matters almost as much as what you trade.</p></blockquote>
<p>You can follow the monthly performance of our forex signals, including gold, on the
<a href="/results">results page</a>. Forex signals are included in the <a href="/pricing">VIP Signals and
All-in-One plans</a>.</p>
<p><em>Trading forex and CFDs with leverage carries a high risk of losing money rapidly. Make sure you
understand how these products work and whether you can afford to take that risk.</em></p>`;
}

export function tradingViewIndicatorArticle(brand: string): string {
  return `<p>Indicator Pro brings the logic behind our signals to your own TradingView charts. Instead of
waiting for a message in Telegram, you can watch setups form on any market and timeframe you trade. This post
explains what the ${brand} indicator shows, how it makes decisions and where its limits are.</p>
<h2>What you see on the chart</h2>
<ul>
<li><strong>Trend ribbon:</strong> a coloured band around price. Green means the higher-timeframe trend is up,
red means it is down, and grey means there is no clear trend.</li>
<li><strong>Buy and sell markers:</strong> small labels below or above a candle when all filters agree. A
marker is only final once its candle closes.</li>
<li><strong>Stop and target lines:</strong> for every marker, the indicator draws a suggested stop loss based
on volatility (ATR) and three targets at fixed reward-to-risk multiples.</li>
<li><strong>Dashboard table:</strong> a small panel in the corner showing the trend on three timeframes,
current volatility and the market regime.</li>
</ul>
<h2>How a marker is generated</h2>
<p>A marker appears only when three independent conditions line up:</p>
<ol>
<li><strong>Trend filter.</strong> The trade must be in the direction of the higher-timeframe trend.
Counter-trend setups are ignored by default.</li>
<li><strong>Momentum trigger.</strong> Momentum must turn in the trade's direction after a pullback, not at
the top of an extended move.</li>
<li><strong>Volatility check.</strong> If volatility is unusually low (a dead market) or extremely high (a
news spike), the indicator stays quiet.</li>
</ol>
<p>That is why it sometimes shows nothing for hours. This is by design: a few clean setups beat a chart full
of arrows.</p>
<h2>No repainting after the close</h2>
<p>A common problem with indicators is repainting: signals that appear on historical bars in hindsight but
would never have shown up in real time. Our indicator confirms a marker only on a closed candle, and confirmed
markers never move or disappear. While a candle is still forming, a provisional marker may appear and vanish,
which is why alerts fire only on the close.</p>
<h2>Setting up alerts</h2>
<p>You do not need to watch charts all day. In TradingView, open the alert dialog, choose the indicator as the
condition and select "Buy signal", "Sell signal" or "Any signal". Set the alert to trigger <em>once per bar
close</em>. TradingView can then notify you by app notification, email or webhook. The number of active alerts
you can keep depends on your TradingView plan.</p>
<h2>Recommended settings</h2>
<table>
<thead><tr><th scope="col">Style</th><th scope="col">Timeframe</th><th scope="col">Markets</th></tr></thead>
<tbody>
<tr><td>Scalping</td><td>5m – 15m</td><td>BTC, ETH and major forex pairs</td></tr>
<tr><td>Intraday</td><td>1h</td><td>Large-cap crypto, gold and indices</td></tr>
<tr><td>Swing</td><td>4h – 1D</td><td>Crypto majors and forex majors</td></tr>
</tbody>
</table>
<p>The indicator works on any symbol, but it performs best on liquid markets. On small-cap coins with thin
order books, wicks can hit stops that would hold on larger markets.</p>
<h2>What is new in this update</h2>
<ul>
<li>A market regime filter that reduces markers in sideways conditions.</li>
<li>Targets can now be set as reward-to-risk multiples or as ATR multiples.</li>
<li>The position and size of the dashboard table are configurable.</li>
</ul>
<p>Existing subscribers get the update automatically: remove the indicator from your chart and add it again
from <strong>Indicators → Invite-only scripts</strong> to load the new version with fresh defaults. New to the
indicator? The <a href="/knowledgebase">knowledge base</a> has the installation guide, and you can compare
plans on the <a href="/pricing">pricing page</a>.</p>
<p><em>The indicator is a decision-support tool. It does not predict the future, and historical markers do not
guarantee future results. Always apply your own risk management.</em></p>`;
}

export function telegramDeliveryArticle(brand: string): string {
  return `<p>Telegram is the heart of the ${brand} experience. Signals, trade updates, copy-trading
notifications and indicator access all arrive there. The way we deliver them has changed a lot since we
started in 2017. Here is how it works today, and why it is built this way.</p>
<h2>Step 1: linking your Telegram account</h2>
<p>Access is tied to your verified Telegram account, not to a public invite link that could be shared. After
you sign up, open the <strong>Welcome</strong> section of your dashboard, enter your Telegram username and
generate a verification code. Then send that 6-digit code to our bot within 15 minutes. The bot checks the
code, links your Telegram account to your ${brand} account and confirms in the chat.</p>
<p>We link your numeric Telegram user ID, not only the username. If you later change your username, your
access stays with you, and if someone else picks up your old username, they gain nothing.</p>
<h2>Step 2: subscribing</h2>
<p>When you buy a plan from your USDT balance, the subscription becomes active immediately. Within moments the
bot sends you a message explaining what your plan includes: channel invitations for VIP Signals, setup
instructions for the Copy Trading Bot or a request for your TradingView username for Indicator Pro.</p>
<p>Channel invitations are personal and single-use. They are generated for your account and cannot be reused
by anyone else.</p>
<h2>Step 3: a signal goes out</h2>
<p>When a signal is confirmed, whether it comes from our analysts or from the BroadcastAI model after a check
of its risk parameters, it enters a delivery queue. The bot sends it to every eligible member in parallel
while respecting Telegram's rate limits. For most members the message arrives within a few seconds. During
very large broadcasts the last messages can take a little longer, which is one reason the entry is always
given as a zone rather than a single price.</p>
<p>Copy Trading Bot orders do not wait for the Telegram broadcast. They are placed directly through your
exchange API connection, which is how the bot can enter at the same time as the provider.</p>
<h2>Step 4: updates and results</h2>
<p>Every follow-up, such as a target hit, a stop moved or an early close, is sent as a reply to the original
signal, so the full trade history stays in one thread. When a trade closes, it is counted in the monthly
figures on the <a href="/results">results tracker</a>.</p>
<h2>When a subscription ends</h2>
<p>If a subscription expires or is cancelled, the bot removes your access to the related channels and sends a
short notice. With autorenew on, renewals are charged from your balance on the next billing date, so keeping
enough USDT in your balance keeps everything running without interruption. Lifetime plans never expire and
never renew.</p>
<h2>Keeping you safe</h2>
<ul>
<li><strong>Our team will never message you first to ask for money, seed phrases or exchange passwords.</strong></li>
<li>The bot only ever asks for the verification code you generated yourself on the dashboard.</li>
<li>Channel admins will never send you private offers or "special deals". Impersonation is common in crypto,
so report such accounts to support.</li>
<li>Payments are only made from your balance on the website, never to an address sent to you in a chat.</li>
</ul>
<h2>Tips for reliable delivery</h2>
<ol>
<li>Allow notifications for the bot and pin the chat so that signals do not get buried.</li>
<li>Keep Telegram up to date on every device you use.</li>
<li>Do not block or stop the bot, or it cannot reach you.</li>
<li>Changing your phone number does not change your Telegram user ID, so no action is needed.</li>
</ol>
<p>Having trouble? The <a href="/knowledgebase">knowledge base</a> has step-by-step guides, and our support
team is available through the <a href="/contact">contact page</a>.</p>`;
}

export function usdtDepositArticle(brand: string): string {
  return `<p>All ${brand} plans are paid from your on-site balance, and you top that balance up with USDT on
the TRON network (TRC-20). If you have never sent crypto before, this guide walks you through it. If you have,
the most important part is still worth reading: <strong>send only USDT, and only on TRC-20</strong>.</p>
<h2>Why USDT on TRC-20?</h2>
<ul>
<li><strong>Stable value:</strong> USDT tracks the US dollar, so what you deposit is what you can spend on plans.</li>
<li><strong>Low fees:</strong> transfers on TRON usually cost far less than on Ethereum.</li>
<li><strong>Fast confirmation:</strong> TRON produces a block about every three seconds, so deposits typically
confirm within minutes.</li>
<li><strong>Widely supported:</strong> almost every major exchange supports USDT withdrawals on TRC-20.</li>
</ul>
<h2>Step 1: find your personal deposit address</h2>
<p>Log in and open the balance section of your dashboard. You will see a TRON address that starts with the
letter <em>T</em>. This address belongs to your account only, and every USDT TRC-20 deposit to it is credited
to your balance automatically. You can reuse it for every top-up.</p>
<h2>Step 2: withdraw from your exchange or wallet</h2>
<ol>
<li>On your exchange, go to Withdraw and choose <strong>USDT</strong>.</li>
<li>Select the network <strong>TRC-20</strong> (sometimes labelled "TRON" or "TRX"). Do not choose ERC-20,
BEP-20, Solana or any other network.</li>
<li>Paste your deposit address and compare the first and last five characters with your dashboard.</li>
<li>Enter the amount. Exchanges deduct a withdrawal fee, so send a little extra if a precise amount needs to
arrive.</li>
<li>Confirm the withdrawal.</li>
</ol>
<p>If you send from a self-custody wallet, that wallet needs a small amount of TRX to pay the network fee
(energy and bandwidth). Exchanges cover this for you out of their withdrawal fee.</p>
<h2>Step 3: wait for confirmation</h2>
<p>Once the transaction is confirmed on the TRON network, your balance is credited, usually within a few
minutes. You can follow the transaction on a block explorer such as
<a href="https://tronscan.org">Tronscan</a> by searching for the transaction ID (TXID) shown by your
exchange.</p>
<h2>What not to do</h2>
<table>
<thead><tr><th scope="col">Mistake</th><th scope="col">What happens</th></tr></thead>
<tbody>
<tr><td>Sending USDT on ERC-20, BEP-20 or any other network</td><td>The funds do not arrive and cannot be
recovered.</td></tr>
<tr><td>Sending TRX, USDC or any other token</td><td>Not credited, and cannot be recovered.</td></tr>
<tr><td>Copying an address from an email or chat message</td><td>You risk sending funds to a scammer. Always
copy it from your dashboard.</td></tr>
</tbody>
</table>
<p>Blockchain transactions are irreversible. We cannot retrieve funds sent on the wrong network or in the
wrong token, so please take an extra ten seconds to check before you confirm.</p>
<h2>Step 4: buy or renew a plan</h2>
<p>With your balance topped up, go to <a href="/pricing">Pricing</a>, choose a plan and a billing period:
monthly, quarterly (save 15%) or lifetime. The price is deducted from your balance and the subscription starts
immediately. Your Telegram access follows as soon as your username is verified. If autorenew is on, future
renewals are taken from the same balance, so keeping a small buffer there avoids interruptions.</p>
<h2>Troubleshooting</h2>
<ul>
<li><strong>Not credited after 30 minutes?</strong> Check that the transaction shows as confirmed on Tronscan
and that the recipient address matches your dashboard exactly.</li>
<li><strong>Your exchange shows "pending"?</strong> The exchange has not broadcast the withdrawal yet. That
happens on their side, so contact their support.</li>
<li><strong>Still stuck?</strong> Send us the TXID through the <a href="/contact">contact page</a> and we will
look into it.</li>
</ul>`;
}

export function q4OutlookDraftArticle(brand: string): string {
  return `<p><em>Editor's note: draft. Update the figures with November data before publishing.</em></p>
<p>As the year draws to a close, the ${brand} research team has mapped out the themes we expect to shape
crypto and forex markets through December. This is not a price forecast. It is a list of what we are watching
and how our signals will adapt to each scenario.</p>
<h2>1. Thin liquidity into the holidays</h2>
<p>Trading volume usually thins out from mid-December. Thin markets produce sharp, short-lived moves and wider
spreads, especially in forex around Christmas and New Year. Expect fewer forex signals in the last two weeks
of the year and smaller suggested sizes on crypto futures.</p>
<h2>2. Central bank meetings</h2>
<p>The final Federal Reserve, European Central Bank and Bank of England meetings of the year all take place in
December. The rate decisions and, just as importantly, the guidance for next year tend to move the US dollar,
gold and, increasingly, crypto. We avoid opening new forex positions in the hour before each decision and
tighten risk on open trades.</p>
<h2>3. Leverage and funding</h2>
<p>We are tracking funding rates and open interest across the major exchanges. When open interest climbs
faster than spot volume and funding stays elevated, the market becomes fragile: a small move can set off a
chain of liquidations. In those conditions our high-leverage signals use smaller sizes, and we favour waiting
for a flush before entering new longs.</p>
<h2>Scenarios we are preparing for</h2>
<table>
<thead><tr><th scope="col">Scenario</th><th scope="col">What it looks like</th><th scope="col">How our signals
adapt</th></tr></thead>
<tbody>
<tr><td>Trend continuation</td><td>Rising spot volume, moderate funding</td><td>More trend-following setups,
normal sizing</td></tr>
<tr><td>Leverage flush</td><td>Extreme funding and open interest, then a sharp drop</td><td>Fewer new longs,
reduced high-leverage sizes</td></tr>
<tr><td>Range into year-end</td><td>Falling volume, tight daily ranges</td><td>Range setups, fewer breakout
signals</td></tr>
</tbody>
</table>
<h2>4. Altcoin rotation</h2>
<p>Late-year rallies in large caps have, in several past cycles, been followed by rotation into smaller coins.
Those moves can be fast but are also where liquidity disappears first when sentiment turns. Spot signals on
smaller caps will keep tighter position sizes and will not use leverage.</p>
<h2>What this means for members</h2>
<ul>
<li>Signal frequency will drop in the second half of December. That is deliberate, not a pause in service.</li>
<li>Keep following the suggested risk per trade, even if you feel the market is "obvious".</li>
<li>Check the <a href="/results">results tracker</a> for our monthly figures, including losing months.</li>
<li>If you will be away over the holidays, consider closing discretionary trades or reducing leverage beforehand.</li>
</ul>
<blockquote><p>Our job is not to predict December. It is to make sure that whatever December brings, no single
week decides your year.</p></blockquote>
<p><em>Market commentary is for information only and is not investment advice. Trading crypto and forex
carries a high risk of loss.</em></p>`;
}
