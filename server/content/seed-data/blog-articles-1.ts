// Demo blog article bodies, part 1 (risk management, trading education, market analysis).
// Each function takes the brand name already HTML-escaped and returns sanitized-safe HTML.

export function positionSizingArticle(brand: string): string {
  return `<p>Ask ten traders what separates a profitable year from a blown account and most will talk about
entries: the perfect indicator, the right coin, the best signal provider. Ask ten risk managers and you will
hear one answer: <strong>position size</strong>. Even a strategy that wins 65% of the time will hit a run of
five or six losses in a row sooner or later. Position sizing decides whether that streak is an annoying week
or the end of your account.</p>
<h2>What the 1% rule actually says</h2>
<p>The rule is simple: <strong>never risk more than 1% of your account on a single trade</strong>. "Risk" does
not mean the amount you put into the position. It means the amount you lose if the stop loss is hit. With a
$5,000 account, 1% is $50. That $50 is the maximum loss you accept before you even look at the chart.</p>
<p>Some experienced traders use 2%, and some use 0.5% while they are testing a new strategy. The exact number
matters less than picking one and applying it to every trade, including the ones you feel very sure about.</p>
<h2>Calculating the position from the stop loss</h2>
<p>Every ${brand} signal includes an entry and a stop loss, which means you can work out the position size
before you place the order:</p>
<ol>
<li>Decide your risk in dollars: account balance × risk percentage.</li>
<li>Measure the distance from entry to stop loss as a percentage of the entry price.</li>
<li>Divide the dollar risk by that distance.</li>
</ol>
<p>Example: your account is $5,000 and you risk 1% ($50). A signal gives an entry of $60,000 on BTC/USDT and a
stop loss at $58,800, a 2% distance. Position size = $50 ÷ 0.02 = <strong>$2,500</strong>. If the stop is hit,
you lose 2% of $2,500, which is $50, exactly what you planned.</p>
<table>
<thead><tr><th scope="col">Account</th><th scope="col">Risk per trade</th><th scope="col">Stop
distance</th><th scope="col">Position size</th></tr></thead>
<tbody>
<tr><td>$1,000</td><td>1% ($10)</td><td>4%</td><td>$250</td></tr>
<tr><td>$5,000</td><td>1% ($50)</td><td>2%</td><td>$2,500</td></tr>
<tr><td>$20,000</td><td>0.5% ($100)</td><td>5%</td><td>$2,000</td></tr>
</tbody>
</table>
<p>Notice that a wider stop leads to a <em>smaller</em> position. That is the point: the stop loss goes where
the trade idea is wrong, and the size adapts to it, not the other way around.</p>
<h2>Where leverage fits in</h2>
<p>Leverage does not change this calculation. It only changes how much margin the exchange locks to open the
position. A $2,500 position at 5x uses $500 of margin; at 10x it uses $250. In both cases the loss at the stop
is still $50. Problems start when traders use leverage to make the position bigger rather than to free up
margin. Read our guide to <a href="/blog/leverage-explained-liquidation-risk">leverage and liquidation
risk</a> before you trade futures.</p>
<h2>Why this matters over a losing streak</h2>
<p>Losing streaks are normal. With 1% risk per trade, ten consecutive losses take your account down about
9.6%, which is uncomfortable but easy to recover from. With 10% per trade, the same streak leaves you with
about 35% of your starting balance, and you would need to nearly triple it just to get back to break-even.</p>
<blockquote><p>The goal of position sizing is not to make the most on your best trade. It is to make sure your
worst week does not decide your whole year.</p></blockquote>
<h2>A simple checklist before every trade</h2>
<ul>
<li>Know your account balance and your fixed risk percentage.</li>
<li>Read the stop loss from the signal and calculate the distance.</li>
<li>Size the position so the loss at the stop equals your planned risk.</li>
<li>Keep the combined risk of all open trades within a limit you are comfortable with, for example 5%.</li>
<li>Place the stop-loss order on the exchange immediately, not "later".</li>
</ul>
<p>The Signals Bot shows a suggested size as a percentage of your account on every signal, and the Copy
Trading Bot lets you set a fixed risk per trade so the calculation is done for you. Either way, it is worth
understanding the maths yourself.</p>
<p><em>Trading crypto and forex involves a substantial risk of loss. Past results do not guarantee future
performance. Only trade with money you can afford to lose.</em></p>`;
}

export function stopLossArticle(brand: string): string {
  return `<p>A stop loss is an order that closes your position automatically once the price reaches a level
you chose in advance. Most traders know they should use one. Fewer know where to put it, and even fewer leave
it alone once the trade starts moving against them.</p>
<h2>The stop defines the trade, not your pain threshold</h2>
<p>A common mistake is to place a stop at whatever loss "feels acceptable", for example 3% below entry because
3% sounds reasonable. The market does not know what feels acceptable to you. A good stop sits at the price
where the reason for the trade no longer holds. If you bought a breakout above resistance, the idea is wrong
once price falls back well below that level, so that is where the stop goes. Then you use
<a href="/blog/position-sizing-the-one-percent-rule">position sizing</a> to make the loss at that level
acceptable.</p>
<h2>Three common ways to place a stop</h2>
<h3>1. Structure-based stops</h3>
<p>Place the stop just beyond a recent swing low (for a long) or swing high (for a short). These are levels
where buyers or sellers previously stepped in, so a clean break through them is meaningful. Add a small buffer
so that normal wicks do not take you out.</p>
<h3>2. Volatility-based stops</h3>
<p>The Average True Range (ATR) measures how far price typically moves per candle. A stop 1.5 to 2 times the
ATR away from entry adapts to the market: wider when it is wild, tighter when it is calm. This is the approach
the ${brand} indicator uses to draw its stop levels.</p>
<h3>3. Time-based exits</h3>
<p>Some setups are only valid for a limited time. If a breakout trade has gone nowhere after a set number of
candles, closing it can be better than waiting for the stop. A time exit complements a price stop; it never
replaces one.</p>
<h2>Mistakes that turn small losses into big ones</h2>
<ul>
<li><strong>Moving the stop further away</strong> as price approaches it. This is the most expensive habit in
trading: it turns a planned 1% loss into an unplanned 5% loss.</li>
<li><strong>Stops that are too tight.</strong> A stop inside normal market noise gets hit even when the idea
was right. If the correct stop is too far away for your account, take a smaller position instead.</li>
<li><strong>Mental stops.</strong> "I'll close it if it gets there" does not work during a fast move at 3 a.m.
Place a real order on the exchange.</li>
<li><strong>Round numbers.</strong> Many traders put stops at $60,000 or 1.1000, and price often sweeps those
levels before reversing. Place yours a little beyond them.</li>
</ul>
<h2>Moving the stop in your favour</h2>
<p>Adjusting a stop towards profit is a different matter. Many ${brand} signals include an instruction such as
"move SL to entry after TP1". Once the first target is hit and part of the position is closed, moving the stop
to break-even means the rest of the trade can no longer turn into a loss, apart from slippage and fees.
Trailing stops follow the same logic: they lock in part of a move while leaving room for more.</p>
<blockquote><p>Decide where you are wrong before you enter. After that, the only direction a stop should move
is towards profit.</p></blockquote>
<h2>What about slippage?</h2>
<p>A stop-market order is filled at the best available price once it is triggered. In fast markets or thin
order books, that price can be worse than your stop level. This is called slippage. It is one more reason to
avoid oversized positions and very high leverage: the further the fill lands from your stop, the more your
real loss exceeds the plan.</p>
<p>Stop-limit orders avoid slippage but may not fill at all if price gaps through the limit, which leaves you
in a losing trade with no protection. For most traders following signals, a stop-market order is the safer
default.</p>
<p><em>This article is for educational purposes only and is not financial advice. Trading involves a
substantial risk of loss, and stop-loss orders do not guarantee a fill at the stop price.</em></p>`;
}

export function leverageArticle(brand: string): string {
  return `<p>Futures exchanges let you open positions many times larger than your deposit. At 10x leverage,
$100 of margin controls a $1,000 position. That sounds like free money until you see what happens on the way
down. This guide explains how leverage, margin and liquidation fit together, and how to use leverage without
letting it use you.</p>
<h2>Leverage is a margin setting, not a profit multiplier</h2>
<p>When you open a leveraged position, the exchange locks an amount of <strong>initial margin</strong> equal
to the position size divided by the leverage. Profit and loss are calculated on the full position size. A 2%
move on a $1,000 position is $20 whether you posted $100 (10x) or $500 (2x). What leverage changes is how much
of your balance is tied up, and how far price can move before your margin runs out.</p>
<h2>What liquidation means</h2>
<p>If losses eat through your margin down to the exchange's <strong>maintenance margin</strong> level, the
exchange closes the position for you. That is liquidation. Ignoring fees and maintenance margin, the distance
to liquidation is roughly 100% divided by your leverage:</p>
<table>
<thead><tr><th scope="col">Leverage</th><th scope="col">Approximate move to liquidation</th></tr></thead>
<tbody>
<tr><td>3x</td><td>~33%</td></tr>
<tr><td>5x</td><td>~20%</td></tr>
<tr><td>10x</td><td>~10%</td></tr>
<tr><td>25x</td><td>~4%</td></tr>
<tr><td>50x</td><td>~2%</td></tr>
</tbody>
</table>
<p>In practice the liquidation price is a little closer than this because of maintenance margin and fees.
Bitcoin can move 2% in minutes on a news release. At 50x, that is the whole margin gone.</p>
<h2>Isolated vs cross margin</h2>
<ul>
<li><strong>Isolated margin</strong> limits the loss to the margin assigned to that position. If it is
liquidated, the rest of your account is untouched.</li>
<li><strong>Cross margin</strong> uses your whole futures balance to keep positions open. It pushes the
liquidation price further away, but one bad trade can drain the entire balance.</li>
</ul>
<p>For signal-based trading we recommend isolated margin, so that each trade's risk is clearly contained.</p>
<h2>Your stop loss must come before liquidation</h2>
<p>The most important rule of all: <strong>your stop loss must sit well before your liquidation
price</strong>. If the exchange liquidates you first, the stop never mattered. When you follow a ${brand}
futures signal, check the liquidation price the exchange shows before confirming the order. If it is closer
than the signal's stop loss, lower the leverage.</p>
<h2>How we use leverage in our signals</h2>
<p>We publish results separately for <a href="/results">low-leverage futures</a> (3x–10x) and high-leverage
futures (20x–50x) because they behave very differently. High-leverage signals use tight stops on short-term
setups, and we size them so that the planned loss in dollars is the same as on a low-leverage trade. The
leverage is there to reduce the margin you lock up, not to increase your risk.</p>
<p>This is also why percentages on the results page look large for high-leverage trades: a 1.5% price move at
30x is a 45% return on margin. The same arithmetic works in reverse for losses, which is why high-leverage
months can end in the red, as the tracker shows.</p>
<h2>Practical rules</h2>
<ol>
<li>Choose your dollar risk first, then the position size, then the leverage.</li>
<li>Use isolated margin for each signal.</li>
<li>Confirm the liquidation price is well beyond the stop loss.</li>
<li>Never add margin to a losing position just to avoid liquidation.</li>
<li>If you are new to futures, start with spot or 3x and only go higher once you have a track record of
following your own rules.</li>
</ol>
<p><em>Leveraged trading carries a high level of risk and can result in the loss of your entire margin. It is
not suitable for everyone. Nothing in this article is financial advice.</em></p>`;
}

export function readingSignalsArticle(brand: string): string {
  return `<p>A trading signal packs a complete trade plan into a few lines. Reading it correctly is the
difference between following the plan and improvising around it. This is how signals from the ${brand}
Telegram bot are structured, and what to do with each part.</p>
<h2>An example signal</h2>
<p>Here is a typical futures signal, broken down field by field:</p>
<table>
<thead><tr><th scope="col">Field</th><th scope="col">Example</th><th scope="col">What it means</th></tr></thead>
<tbody>
<tr><td>Pair</td><td>ETH/USDT</td><td>The market to trade, quoted in USDT.</td></tr>
<tr><td>Direction</td><td>LONG</td><td>Buy to open. SHORT means sell to open.</td></tr>
<tr><td>Entry zone</td><td>3,120 – 3,150</td><td>The price range where the setup is valid.</td></tr>
<tr><td>Targets</td><td>TP1 3,210 / TP2 3,280 / TP3 3,390</td><td>Levels at which to take partial profit.</td></tr>
<tr><td>Stop loss</td><td>3,060</td><td>The price at which the trade idea is invalid.</td></tr>
<tr><td>Leverage</td><td>5x (isolated)</td><td>The suggested maximum, not a minimum.</td></tr>
<tr><td>Risk</td><td>1% of account</td><td>Suggested position size by risk.</td></tr>
</tbody>
</table>
<h2>Entry zone</h2>
<p>The entry is a zone rather than a single price because markets rarely fill exactly at one level. You can
place one limit order in the middle of the zone or split the entry into two or three limit orders across it.
If price has already moved well beyond the zone by the time you see the signal, <strong>do not chase
it</strong>: the risk-to-reward ratio the signal was built on no longer applies. The bot marks a signal as
"entry missed" when that happens.</p>
<h2>Targets</h2>
<p>Most signals have two or three take-profit levels. A common approach is to close a third of the position at
each target. Taking partial profit at TP1 reduces the risk on the rest of the position and helps pay for the
losing trades that will inevitably come.</p>
<h2>Stop loss</h2>
<p>The stop loss is not optional. Place it as a real order on the exchange as soon as you enter. When TP1 is
hit, the bot usually sends an update such as "move SL to entry", which protects the remaining position apart
from slippage and fees. Read more in <a href="/blog/where-to-place-your-stop-loss">where to place your stop
loss</a>.</p>
<h2>Leverage</h2>
<p>The leverage field is the <em>maximum</em> we consider reasonable for the setup. You can always use less.
Your real risk is set by the distance to the stop and your position size, so use leverage only to control how
much margin the trade ties up.</p>
<h2>Risk and position size</h2>
<p>Every signal suggests a risk as a percentage of your account. With 1% risk in the example above, an entry
at 3,135 and a stop at 3,060 is a 2.4% distance. On a $2,000 account you risk $20, so the position is about
$833. At 5x leverage that uses roughly $167 of margin.</p>
<h2>Updates after the signal</h2>
<p>Signals are not fire-and-forget. The bot replies to the original message when:</p>
<ul>
<li>a target is hit, with the gain from entry to that target;</li>
<li>the stop loss should be moved;</li>
<li>the analysts close the trade early because conditions changed;</li>
<li>the stop loss is hit, with the resulting loss.</li>
</ul>
<p>Because updates are sent as replies, you can always see the whole history of a trade in one thread. Every
closed signal is then counted on the <a href="/results">results tracker</a>, wins and losses alike.</p>
<h2>A quick routine</h2>
<ol>
<li>Check that the price is still inside the entry zone.</li>
<li>Calculate your position size from the stop and your risk.</li>
<li>Place the entry, stop-loss and take-profit orders.</li>
<li>Follow the updates and move the stop when instructed.</li>
</ol>
<p><em>Signals are trade ideas, not guarantees. Every trade can lose, and past performance does not indicate
future results.</em></p>`;
}

export function fundingRatesArticle(brand: string): string {
  return `<p>Perpetual futures, or "perps", are the most traded crypto instruments in the world. Unlike
traditional futures, they never expire. To keep their price anchored to the spot market, exchanges use a
mechanism called the <strong>funding rate</strong>. If you hold futures positions for more than a few hours,
funding affects your results, and it also tells you a lot about how other traders are positioned.</p>
<h2>How funding works</h2>
<p>At fixed intervals, usually every eight hours on major exchanges, traders on one side of the market pay
traders on the other side:</p>
<ul>
<li><strong>Positive funding:</strong> the perpetual trades above spot, and longs pay shorts.</li>
<li><strong>Negative funding:</strong> the perpetual trades below spot, and shorts pay longs.</li>
</ul>
<p>The exchange does not keep this money; it moves directly between traders. The payment is calculated on your
<em>position size</em>, not your margin, which is why it matters more when you use leverage.</p>
<h2>What funding costs you</h2>
<p>A common baseline rate is 0.01% per eight hours. On a $10,000 position, that is $1 per interval, or $3 a
day: small for a trade held a few hours. In overheated markets, though, funding can climb to 0.1% per interval
or more.</p>
<table>
<thead><tr><th scope="col">Rate per 8h</th><th scope="col">Cost per day on
$10,000</th><th scope="col">Annualised</th></tr></thead>
<tbody>
<tr><td>0.01%</td><td>$3</td><td>~11%</td></tr>
<tr><td>0.05%</td><td>$15</td><td>~55%</td></tr>
<tr><td>0.10%</td><td>$30</td><td>~110%</td></tr>
</tbody>
</table>
<p>Extreme rates rarely last a full year, but even a week at 0.1% costs 2.1% of the position. At 10x leverage,
that is 21% of your margin.</p>
<h2>Funding as a sentiment indicator</h2>
<p>Funding is useful beyond its cost. Persistently high positive funding means many traders are long with
leverage and willing to pay to stay in. That crowd is vulnerable: a modest drop can trigger stop losses and
liquidations, which force more selling and feed a fast decline. This is called a <em>long squeeze</em>. Deeply
negative funding sets up the opposite, a short squeeze.</p>
<p>Our research team watches funding alongside open interest, the total value of open futures positions.
Rising price, rising open interest and rising funding together suggest a move driven by leverage rather than
by spot demand, and such moves tend to be less durable.</p>
<blockquote><p>Extreme funding is not a signal on its own. It tells you where pressure is building, not when
it will be released.</p></blockquote>
<h2>How we use funding in our signals</h2>
<p>The ${brand} models use funding as one input among many. In practice:</p>
<ul>
<li>We are more cautious about new longs when funding is at an extreme positive reading, and about new shorts
when it is deeply negative.</li>
<li>For swing trades held for several days, we factor the expected funding into the targets.</li>
<li>Funding spikes often come with high volatility, so our high-leverage signals use smaller sizes in those
conditions.</li>
</ul>
<h2>Practical tips</h2>
<ol>
<li>Check the current rate and the countdown to the next payment on your exchange before entering a futures trade.</li>
<li>If you plan to hold for days, estimate the funding cost as part of your risk-to-reward.</li>
<li>Remember that funding is paid on the full position, so higher leverage makes it a bigger share of your margin.</li>
<li>Do not open a trade only to collect funding unless you understand the price risk you are taking on.</li>
</ol>
<p><em>This article is educational and does not constitute financial advice. Funding rates differ between
exchanges and can change quickly.</em></p>`;
}
