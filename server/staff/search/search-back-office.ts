import { can, type StaffRole } from "~/lib/staff-roles";
import type { SearchKind } from "~/lib/validation/admin/search";
import type { BackOfficeSearch } from "~/lib/view-types/admin/search";
import type { DbOrTx } from "../../db/client.ts";
import { searchMembers } from "./search-members.ts";
import { searchPosts } from "./search-posts.ts";

/** Which permission reads which kind of result: a role gets only the kinds it may read. */
const KIND_PERMISSION = { members: "members.read", posts: "content.read" } as const;

/**
 * The back office's global search: members and posts matching the term, each kind
 * only for a role allowed to read it, and on the results page one kind at a time (`kind`).
 * A read: nothing is written, nothing audited (docs/decisions/057-back-office-search.md).
 */
export async function searchBackOffice(options: {
  db: DbOrTx;
  role: StaffRole;
  term: string;
  kind?: SearchKind;
  limit: number;
  offset?: number;
}): Promise<BackOfficeSearch> {
  const { db, role, term, kind, limit, offset = 0 } = options;
  const wanted = (k: SearchKind) => can(role, KIND_PERMISSION[k]) && (kind === undefined || kind === k);
  const [members, posts] = await Promise.all([
    wanted("members") ? searchMembers({ db, term, limit, offset }) : undefined,
    wanted("posts") ? searchPosts({ db, term, limit, offset }) : undefined,
  ]);
  return { query: term, ...(members ? { members } : {}), ...(posts ? { posts } : {}) };
}

export function searchableKinds(role: StaffRole): SearchKind[] {
  return (Object.keys(KIND_PERMISSION) as SearchKind[]).filter((k) => can(role, KIND_PERMISSION[k]));
}
