import { RESULT_TYPES, type ResultType } from "~/lib/view-types/content";

export const DEFAULT_RESULT_TYPE: ResultType = "low_lev_futures";

/** The results tracker's tabs: the URL carries the type, people read the label. */
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
