import type { blogPosts } from "../../db/schema.ts";
import { escapeHtml } from "../../lib/escape-markup.ts";
import {
  fundingRatesArticle,
  leverageArticle,
  positionSizingArticle,
  readingSignalsArticle,
  stopLossArticle,
} from "./blog-articles-1.ts";
import {
  forexSessionsArticle,
  q4OutlookDraftArticle,
  telegramDeliveryArticle,
  tradingViewIndicatorArticle,
  usdtDepositArticle,
} from "./blog-articles-2.ts";

type BlogPostInsert = typeof blogPosts.$inferInsert;

const AUTHORS = {
  mira: { author: "Mira Hoffmann", authorRole: "Head of Risk" },
  daniel: { author: "Daniel Okafor", authorRole: "Head of Research" },
  priya: { author: "Priya Raman", authorRole: "Senior Crypto Analyst" },
  lucas: { author: "Lucas Brennan", authorRole: "Lead Forex Analyst" },
  aiko: { author: "Aiko Tanaka", authorRole: "Product Lead" },
  sofia: { author: "Sofia Marquez", authorRole: "Customer Success Lead" },
} as const;

type PostSpec = Omit<BlogPostInsert, "image" | "createdAt" | "content"> & {
  date: string;
  body: (brandHtml: string) => string;
};

function post(spec: PostSpec, brandHtml: string): BlogPostInsert {
  const { body, ...rest } = spec;
  return {
    ...rest,
    content: body(brandHtml),
    image: `/images/blog/${spec.slug}.svg`,
    // Published in the morning UTC on the post's date, so newest-first ordering follows `date`.
    createdAt: new Date(`${spec.date}T09:00:00.000Z`),
    publishedAt: spec.published ? new Date(`${spec.date}T09:00:00.000Z`) : null,
  };
}

/** Demo blog posts: 9 published across 4 categories, plus one unpublished draft. */
export function demoBlogPosts(brand: string): BlogPostInsert[] {
  const specs: PostSpec[] = [
    {
      slug: "position-sizing-the-one-percent-rule",
      title: "Position Sizing: Why the 1% Rule Keeps You in the Game",
      excerpt:
        "The size of a trade matters more than the entry. Here is how to calculate a position from " +
        "your stop loss so that a single losing signal never costs more than you planned.",
      category: "Risk Management",
      date: "2026-01-14",
      ...AUTHORS.mira,
      published: true,
      body: positionSizingArticle,
    },
    {
      slug: "where-to-place-your-stop-loss",
      title: "Where to Place Your Stop Loss (and Why You Should Never Move It Further Away)",
      excerpt:
        "A stop loss marks the point where a trade idea is proven wrong. Learn three common ways " +
        "to place one and the habits that turn small losses into large ones.",
      category: "Risk Management",
      date: "2026-02-11",
      ...AUTHORS.mira,
      published: true,
      body: stopLossArticle,
    },
    {
      slug: "leverage-explained-liquidation-risk",
      title: "Leverage Explained: How Liquidation Really Works",
      excerpt:
        "Leverage does not make a trade better, it makes it bigger. We break down margin, " +
        "liquidation prices and why our high-leverage signals use smaller position sizes.",
      category: "Trading Education",
      date: "2026-03-18",
      ...AUTHORS.daniel,
      published: true,
      body: leverageArticle,
    },
    {
      slug: "how-to-read-a-trading-signal",
      title: `How to Read a ${brand} Signal, Line by Line`,
      excerpt:
        "Entry zone, targets, stop loss, leverage: every part of a signal has a job. Here is how " +
        "to read one and turn it into orders on your exchange.",
      category: "Trading Education",
      date: "2026-04-22",
      ...AUTHORS.priya,
      published: true,
      body: readingSignalsArticle,
    },
    {
      slug: "funding-rates-explained",
      title: "Funding Rates Explained: What They Tell You About the Market",
      excerpt:
        "Perpetual futures use funding payments to stay close to spot prices. Learn how funding " +
        "works, what it costs you and why extreme readings often come before sharp moves.",
      category: "Market Analysis",
      date: "2026-05-27",
      ...AUTHORS.daniel,
      published: true,
      body: fundingRatesArticle,
    },
    {
      slug: "forex-trading-sessions-guide",
      title: "Forex Trading Sessions: When the Market Actually Moves",
      excerpt:
        "Forex trades 24 hours a day, five days a week, but liquidity is not spread evenly. Here " +
        "is how the Sydney, Tokyo, London and New York sessions shape our forex signals.",
      category: "Market Analysis",
      date: "2026-07-08",
      ...AUTHORS.lucas,
      published: true,
      body: forexSessionsArticle,
    },
    {
      slug: "inside-our-tradingview-indicator",
      title: `Inside the ${brand} TradingView Indicator`,
      excerpt:
        "What the indicator's markers, ribbon and levels mean, how its filters decide when to stay " +
        "quiet, and how to set up alerts so you do not have to stare at charts.",
      category: "Product Updates",
      date: "2026-08-19",
      ...AUTHORS.aiko,
      published: true,
      body: tradingViewIndicatorArticle,
    },
    {
      slug: "how-telegram-signal-delivery-works",
      title: "How Telegram Signal Delivery Works Behind the Scenes",
      excerpt:
        "From the moment a signal is confirmed to the moment it reaches your phone: how we verify " +
        "your account, deliver signals in seconds and keep access limited to members.",
      category: "Product Updates",
      date: "2026-09-23",
      ...AUTHORS.sofia,
      published: true,
      body: telegramDeliveryArticle,
    },
    {
      slug: "depositing-usdt-on-trc20",
      title: "Depositing USDT on TRC-20: A Step-by-Step Guide",
      excerpt: `Every ${brand} plan is paid from your balance in USDT on the TRON network. Here is how to top
up safely and the two mistakes that can cost you your funds.`,
      category: "Product Updates",
      date: "2026-10-28",
      ...AUTHORS.sofia,
      published: true,
      body: usdtDepositArticle,
    },
    {
      slug: "q4-2026-market-outlook",
      title: "Q4 2026 Outlook: What We Are Watching Into Year-End",
      excerpt:
        "Holiday liquidity, December central bank meetings and leverage in the futures market: the " +
        "themes our research team expects to shape the final weeks of the year.",
      category: "Market Analysis",
      date: "2026-11-12",
      ...AUTHORS.daniel,
      published: false,
      body: q4OutlookDraftArticle,
    },
  ];

  // The brand goes into HTML bodies, so it is escaped there; titles and excerpts are plain text.
  const brandHtml = escapeHtml(brand);
  return specs.map((spec) => post(spec, brandHtml));
}
