import { asc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { pricing } from "../../db/schema.ts";

/** Every plan, published or not (members may hold a retired one), for the member list's plan filter. */
export async function listMemberPlanChoices(options: { db: DbOrTx }): Promise<{ id: number; name: string }[]> {
  return options.db
    .select({ id: pricing.id, name: pricing.name })
    .from(pricing)
    .orderBy(asc(pricing.displayOrder), asc(pricing.id));
}
