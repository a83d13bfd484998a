import { Section, SectionHeading } from "./section";

// Simple monogram marks drawn for this site (public/images/marketing/platforms), not the
// vendors' logo files; the names are written out beside them.
const platforms = [
  { slug: "telegram", name: "Telegram", role: "Signals, updates and bot alerts arrive here" },
  { slug: "tradingview", name: "TradingView", role: "Home of our invite-only indicator and alerts" },
  { slug: "binance", name: "Binance", role: "Connect the copy trading bot with trade-only API keys" },
  { slug: "bybit", name: "Bybit", role: "Copy futures signals into your Bybit account" },
  { slug: "metatrader", name: "MetaTrader", role: "Place forex and gold signals in MT4 or MT5" },
] as const;

export function Platforms() {
  return (
    <Section aria-labelledby="platforms">
      <SectionHeading
        id="platforms"
        eyebrow="Integrations"
        title="Works with the platforms you already use"
        description={
          "No new app to learn: signals come to Telegram, the indicator runs on TradingView and the " +
          "bot trades on your own exchange account."
        }
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {platforms.map((p) => (
          <li
            key={p.slug}
            className="flex items-center gap-4 rounded-xl border bg-card p-4 lg:flex-col lg:p-6 lg:text-center"
          >
            <img
              src={`/images/marketing/platforms/${p.slug}.svg`}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-xl dark:ring-1 dark:ring-white/20"
            />
            <div className="flex flex-col gap-1">
              <h3 className="font-semibold">{p.name}</h3>
              <p className="text-sm text-pretty text-muted-foreground">{p.role}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
