import { z } from "zod";

/** A page of a list, from 1 to `max` (past it the OFFSET would scan for nothing). */
export const pageNumber = (max: number) => z.coerce.number().int().min(1).max(max);

/**
 * A list's `?page=` as a query schema reads it: anything that is not a page (absent, 1.5, -3,
 * "abc", past `max`) reads as the first, so a hand-edited address shows a list, never an error.
 */
export const listPage = (max: number) => pageNumber(max).catch(1);
