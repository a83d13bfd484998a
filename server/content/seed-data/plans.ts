import type { pricing } from "../../db/schema.ts";

type PlanInsert = typeof pricing.$inferInsert;

/** 1 USDT = 1_000_000 micro-USDT. */
const usdt = (dollars: number): bigint => BigInt(dollars) * 1_000_000n;

/** Every plan carries the same launch discount (the home page's banner states it from the plans). */
const DISCOUNT = 60;

/**
 * Monthly list price and the discounted price shown on the site.
 * `original` is chosen so that `original * (100 - DISCOUNT) / 100` is a whole dollar amount.
 */
function money(original: number, discount = DISCOUNT): Pick<PlanInsert, "price" | "originalPrice" | "discount"> {
  const discounted = (original * (100 - discount)) / 100;
  if (!Number.isInteger(discounted)) throw new Error(`plan price ${original} with ${discount}% off is not whole`);
  return { price: usdt(discounted), originalPrice: usdt(original), discount };
}

// Monthly list prices (before the discount), in whole USDT.
const SIGNALS_BOT = 95;
const VIP = 195;
const COPY = 145;
const INDICATOR = 120;
const ALL_IN_ONE = 295;

/** Demo pricing plans. `price` is the monthly base; quarterly and lifetime are derived by the app. */
export function demoPlans(brand: string): PlanInsert[] {
  return [
    {
      planId: "signals-bot",
      name: "Signals Bot",
      subtitle: "AI-generated crypto signals, straight to Telegram",
      icon: "bot",
      badge: null,
      ...money(SIGNALS_BOT), // $38 / month
      features: [
        "Spot and low-leverage futures signals on USDT pairs",
        "Entry zone, up to 3 take-profit targets and a stop loss on every signal",
        "Instant delivery by the " + brand + " Telegram bot",
        "Signal updates when targets are hit or a trade is closed early",
        "Suggested position size as a percentage of your account",
        "Monthly performance report in the results tracker",
        "Email and Telegram support",
      ],
      published: true,
      displayOrder: 1,
    },
    {
      planId: "vip-signals",
      name: "VIP Signals",
      subtitle: "Every crypto and forex setup our analysts take",
      icon: "crown",
      badge: "Most popular",
      ...money(VIP), // $78 / month
      features: [
        "Everything in Signals Bot",
        "High-leverage futures setups with tighter, pre-defined risk",
        "Forex majors, gold and index signals across London and New York sessions",
        "Private VIP Telegram channel with analyst commentary",
        "Weekly market outlook and key levels every Monday",
        "Early access to the BroadcastAI model signals",
        "Priority support",
      ],
      published: true,
      displayOrder: 2,
    },
    {
      planId: "copy-trading-bot",
      name: "Copy Trading Bot",
      subtitle: "Enters trades at the same moment as the provider",
      icon: "zap",
      badge: null,
      ...money(COPY), // $58 / month
      features: [
        "Mirrors every VIP futures signal into your exchange account automatically",
        "Orders placed within seconds of the provider's entry",
        "Stop loss and take-profit orders attached to every position",
        "Your own risk settings: fixed size or percentage of balance per trade",
        "Maximum leverage cap and daily loss limit you control",
        "Trade-only API keys: the bot can never withdraw your funds",
        "Telegram notifications for every fill, target and stop",
      ],
      published: true,
      displayOrder: 3,
    },
    {
      planId: "indicator-pro",
      name: "Indicator Pro",
      subtitle: "Our signal engine as a TradingView indicator",
      icon: "chart-candlestick",
      badge: null,
      ...money(INDICATOR), // $48 / month
      features: [
        "Invite-only " + brand + " indicator for TradingView",
        "Buy and sell markers with trend, momentum and volatility filters",
        "Automatic stop-loss and take-profit levels drawn on the chart",
        "Works on crypto, forex, indices and commodities from 5m to 1D",
        "TradingView alerts you can route to your phone or webhook",
        "Step-by-step setup guide and preset templates",
      ],
      published: true,
      displayOrder: 4,
    },
    {
      planId: "all-in-one",
      name: "All-in-One",
      subtitle: "Signals, copy trading and the indicator in one plan",
      icon: "sparkles",
      badge: "Best value",
      ...money(ALL_IN_ONE), // $118 / month
      features: [
        "Everything in VIP Signals",
        "Copy Trading Bot included at no extra cost",
        "Indicator Pro access for your TradingView account",
        "Full results tracker history with per-strategy statistics",
        "Monthly live Q&A session with the " + brand + " research team",
        "Dedicated account manager in Telegram",
        "Priority access to new bots and strategies",
        `Save $${((VIP + COPY + INDICATOR - ALL_IN_ONE) * (100 - DISCOUNT)) / 100} a month compared with
buying the three plans separately`,
      ],
      published: true,
      displayOrder: 5,
    },
    {
      planId: "starter-signals-2024",
      name: "Starter Signals (retired)",
      subtitle: "Legacy entry plan, replaced by Signals Bot",
      icon: "radio-tower",
      badge: null,
      ...money(45), // $18 / month
      features: [
        "Up to 3 spot signals per week",
        "Entry, one target and a stop loss per signal",
        "Delivery in a shared Telegram channel",
        "Community chat access",
        "Email support",
      ],
      published: false,
      displayOrder: 6,
    },
  ];
}
