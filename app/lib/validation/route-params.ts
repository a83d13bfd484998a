import { z } from "zod";
import { MAX_SERIAL_ID } from "./serial-id";

/**
 * A row's serial id as an address writes it (`/admin/posts/42`): digits without a leading zero,
 * within PostgreSQL's integer, as a number. Anything else ("1e3", "007", "-1") names no row.
 */
export const recordIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= MAX_SERIAL_ID);

/** An editor's address: "new" for the page that creates one, else the row's id. */
export const newOrRecordIdParam = z.union([z.literal("new"), recordIdParam]);

/** A row's UUID (a broadcast's id), any case; anything else names no row. */
export const uuidParam = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
  .transform((id) => id.toLowerCase());

/** An editor's address for rows with UUIDs: "new", else the row's id. */
export const newOrUuidParam = z.union([z.literal("new"), uuidParam]);

/** A member's account id (Better Auth's text id); React Router has already decoded it. */
export const memberIdParam = z.string().min(1).max(255);

/**
 * The one schema of a route's `:parameters`: each route names its parameters with the id rules
 * above. A loader reads them with `readRouteParams` and an action with `defineAction({ params })`
 * (server/http), both answering 404 when an address names no record.
 */
export function routeParams<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape);
}

/** The member pages' and their API routes' one parameter (`/admin/members/:memberId`, `/api/admin/members/:memberId/…`). */
export const memberRouteParams = routeParams({ memberId: memberIdParam });
