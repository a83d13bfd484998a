import type { PublicResult, ResultType } from "../content";

/** A results-tracker row as the back office lists it: the public fields, its state and order. */
export type StaffResult = PublicResult & { published: boolean; displayOrder: number };

/** Per market type: how many rows, how many of them published. */
export type ResultTypeCounts = Record<ResultType, { total: number; published: number }>;
