import { data } from "react-router";
import type { z } from "zod";

/**
 * A loader's route `:parameters` read with their schema (app/lib/validation/route-params.ts):
 * an address that names no record is the 404 page, as for a record that does not exist.
 */
export function readRouteParams<Schema extends z.ZodType>(
  schema: Schema,
  params: Record<string, string | undefined>,
): z.output<Schema> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw data("Not Found", { status: 404 });
  return parsed.data;
}
