import { count, eq } from "drizzle-orm";
import type { BroadcastListQuery } from "~/lib/validation/admin/broadcasts";
import type { AdminBroadcastPage } from "~/lib/view-types/admin/broadcasts";
import type { DbOrTx } from "../../db/client.ts";
import { broadcasts } from "../../db/schema.ts";
import { listBroadcasts } from "./list-broadcasts.ts";

/** One page of /admin/broadcasts: a page past the last shows the last. */
export async function listBroadcastPage(options: {
  db: DbOrTx;
  query: BroadcastListQuery;
  perPage: number;
}): Promise<AdminBroadcastPage> {
  const { db, query, perPage } = options;
  const state = query.state === "all" ? undefined : query.state;
  const [row] = await db
    .select({ n: count() })
    .from(broadcasts)
    .where(state ? eq(broadcasts.state, state) : undefined);
  const total = Number(row?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page, pageCount);
  const rows = await listBroadcasts({ db, state, limit: perPage, offset: (page - 1) * perPage });
  return { rows, total, page, pageCount };
}
