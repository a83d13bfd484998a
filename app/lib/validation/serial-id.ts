import { z } from "zod";

/** PostgreSQL's `integer`, the type of every serial id: a larger number names no row. */
export const MAX_SERIAL_ID = 2_147_483_647;

/**
 * A row's serial id as a JSON body sends it: a whole number from 1 to PostgreSQL's integer, else
 * `message`. Past that maximum the database would fail the query (a 500) instead of finding
 * nothing, so the id is refused here.
 */
export const serialIdNumber = (message: string) =>
  z.number({ message }).int(message).positive(message).max(MAX_SERIAL_ID, message);

/** A serial id as a form sends it: digits read as a number, then as `serialIdNumber`. */
export const serialId = (message: string) => z.coerce.number({ message }).pipe(serialIdNumber(message));
