import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { pricing } from "../../db/schema.ts";

/** The published plans, the ones staff may give for free from the member page. */
export async function listCompPlans(options: { db: DbOrTx }): Promise<{ id: number; name: string }[]> {
  return options.db
    .select({ id: pricing.id, name: pricing.name })
    .from(pricing)
    .where(eq(pricing.published, true))
    .orderBy(asc(pricing.displayOrder), asc(pricing.id));
}
