import type { results } from "../../db/schema.ts";

type ResultInsert = typeof results.$inferInsert;
type ResultType = NonNullable<ResultInsert["type"]>;

/** Win rate over closed signals (wins + losses), rounded to 2 decimals. */
function winRate(wins: number, losses: number): number {
  const closed = wins + losses;
  return closed === 0 ? 0 : Math.round((wins / closed) * 10_000) / 100;
}

function row(
  type: ResultType,
  title: string,
  signals: number,
  wins: number,
  losses: number,
  totalPercentage: number,
  displayOrder: number,
  published = true,
): ResultInsert {
  if (wins + losses > signals) throw new Error(`results row "${type} / ${title}": wins + losses > signals`);
  return {
    type,
    title,
    signals,
    wins,
    losses,
    totalPercentage,
    winRate: winRate(wins, losses),
    published,
    displayOrder,
  };
}

/**
 * Demo results tracker rows. `signals` counts every signal sent in the period; signals still open
 * at the end of the month are counted in `signals` but not yet in `wins` / `losses`.
 * `totalPercentage` is the sum of per-signal returns on margin (leveraged where applicable).
 */
export const demoResults: ResultInsert[] = [
  // BroadcastAI: the model-generated signals sent by the Telegram bot.
  row("broadcastai", "October 2026", 64, 44, 17, 148.6, 1),
  row("broadcastai", "September 2026", 58, 38, 18, 97.3, 2),
  row("broadcastai", "August 2026", 71, 47, 21, 131.9, 3),
  row("broadcastai", "July 2026", 66, 41, 22, 84.2, 4),

  // Forex: majors, gold and indices.
  row("forex", "October 2026", 38, 26, 11, 42.8, 1),
  row("forex", "September 2026", 34, 21, 12, 27.5, 2),
  row("forex", "August 2026", 29, 19, 9, 31.4, 3),
  row("forex", "XAU/USD – Q3 2026", 22, 15, 7, 36.9, 4),

  // High-leverage futures (20x–50x): larger swings in both directions.
  row("high_lev_futures", "October 2026", 27, 18, 8, 312.4, 1),
  row("high_lev_futures", "September 2026", 24, 14, 10, 96.7, 2),
  row("high_lev_futures", "August 2026", 31, 20, 10, 274.1, 3),
  row("high_lev_futures", "July 2026", 22, 11, 11, -38.5, 4),

  // Low-leverage futures (3x–10x).
  row("low_lev_futures", "October 2026", 42, 31, 10, 118.2, 1),
  row("low_lev_futures", "September 2026", 39, 27, 11, 86.4, 2),
  row("low_lev_futures", "August 2026", 45, 32, 12, 104.9, 3),
  row("low_lev_futures", "BTC/USDT swing strategy – 2026", 36, 25, 10, 92.6, 4),

  // Spot: no leverage, longer holding periods.
  row("spot", "October 2026", 18, 13, 4, 46.3, 1),
  row("spot", "September 2026", 15, 9, 5, -6.8, 2),
  row("spot", "August 2026", 21, 15, 5, 58.7, 3),
  row("spot", "Altcoin rotation – Q3 2026", 12, 8, 3, 64.1, 4),

  // Draft row, still being audited: not shown on the site.
  row("high_lev_futures", "November 2026 (partial)", 9, 5, 2, 71.3, 5, false),
];
