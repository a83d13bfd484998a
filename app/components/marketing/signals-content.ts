// The texts of /signals: what a signal holds, the markets it covers, and how a member starts.
import { BellRingIcon, CrosshairIcon, FlagIcon, MessageSquareTextIcon, PercentIcon, ShieldIcon } from "lucide-react";

export const signalParts = [
  {
    icon: CrosshairIcon,
    title: "Entry zone",
    text: "A price range to enter in, so a fast market does not leave you chasing a single number.",
  },
  {
    icon: FlagIcon,
    title: "Up to three targets",
    text: "Take-profit levels to scale out at, from the conservative first target to the full move.",
  },
  {
    icon: ShieldIcon,
    title: "Stop loss",
    text: "Where the idea is wrong. Every signal has one before it is sent — no exceptions.",
  },
  {
    icon: PercentIcon,
    title: "Suggested size",
    text: "A position size as a share of your account, so one trade never decides your month.",
  },
  {
    icon: BellRingIcon,
    title: "Live updates",
    text: "Messages when a target is hit, the stop should move, or a trade is closed early.",
  },
  {
    icon: MessageSquareTextIcon,
    title: "Context",
    text: "VIP signals carry a short analyst note: why the setup exists and what would cancel it.",
  },
] as const;

export const markets = [
  {
    title: "Low-leverage futures",
    text: "Our core crypto strategy: trend trades on liquid USDT pairs with modest leverage and wide, planned stops.",
  },
  {
    title: "High-leverage futures",
    text: "Short-term setups with tighter, pre-defined risk, for experienced traders in the VIP channel.",
  },
  {
    title: "Spot",
    text: "No leverage, no liquidation: buy-and-hold swings on quality coins, for building a position over time.",
  },
  { title: "Forex", text: "Majors, gold and indices across the London and New York sessions, ready for MetaTrader." },
] as const;

export const steps = [
  {
    title: "Choose a plan",
    text: "Signals Bot, VIP Signals, or a bundle. Monthly, quarterly or lifetime, paid in USDT.",
  },
  {
    title: "Create your account",
    text: "Enter your details and your Telegram username so we know where to send the signals.",
  },
  { title: "Verify Telegram", text: "Send the code from your dashboard to our bot. It links your account in seconds." },
  {
    title: "Receive signals",
    text: "Signals and updates arrive in Telegram. Follow them by hand or let the copy trading bot place them.",
  },
] as const;
