import { BrainCircuitIcon, ClockIcon, SendIcon, SlidersHorizontalIcon } from "lucide-react";
import type { Feature } from "./feature-grid";

/** The four benefit cards of the home carousel. */
export const benefits: readonly Feature[] = [
  {
    icon: SendIcon,
    title: "Real-time signals in Telegram",
    text:
      "Every signal reaches Telegram the moment it is confirmed: pair, direction, entry zone, up " +
      "to three targets and a stop loss, ready to act on from your phone.",
  },
  {
    icon: BrainCircuitIcon,
    title: "AI algorithms",
    text:
      "Machine-learning models scan hundreds of crypto and forex markets for trend, momentum and " +
      "volume patterns, and our analysts review each setup before it goes out.",
  },
  {
    icon: SlidersHorizontalIcon,
    title: "Customizable strategies",
    text:
      "Follow the markets and leverage that suit you — spot, low- or high-leverage futures, " +
      "forex — and set your own position size and loss limits for the bot.",
  },
  {
    icon: ClockIcon,
    title: "24/7 operation",
    text:
      "Crypto never closes and neither do we: the models and the copy trading bot watch the " +
      "markets around the clock, weekends included.",
  },
];
