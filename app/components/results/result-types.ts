/** The results tracker's tabs (spec §2): the URL carries the type, people read the label. */
export const RESULT_TYPES = ["broadcastai", "forex", "high_lev_futures", "low_lev_futures", "spot"] as const;

export type ResultType = (typeof RESULT_TYPES)[number];

export const DEFAULT_RESULT_TYPE: ResultType = "low_lev_futures";

export const RESULT_TYPE_LABELS: Record<ResultType, string> = {
  broadcastai: "BroadcastAI",
  forex: "Forex",
  high_lev_futures: "High Leverage Futures",
  low_lev_futures: "Low Leverage Futures",
  spot: "Spot",
};

/** `?type=` as given; anything that is not one of the five types means the default tab. */
export function parseResultType(value: string | null | undefined): ResultType {
  return RESULT_TYPES.find((t) => t === value) ?? DEFAULT_RESULT_TYPE;
}
