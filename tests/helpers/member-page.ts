import { eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import * as page from "~/routes/admin/members/admin.members.$memberId";
import type { Database } from "#server/db/client";
import { user } from "#server/db/schema";
import { useProcessDatabase } from "./database";
import { callAction, callLoader } from "./route-request";
import { signUpStaff } from "./staff";

/** What the member page's loader hands the page. */
export type MemberPageView = Awaited<ReturnType<typeof page.loader>>;

type Account = Awaited<ReturnType<typeof signUpStaff>>;

/**
 * The set-up of the member page's suites (tests/integration/admin/member-page/): the suite's
 * database becomes the process's, and before its tests an owner, a support and an editor are
 * signed up, with the member whose page they open (a plain account, two-factor off). `people` is
 * filled in then, so read it inside the tests. `open` is the page as someone sees it, `view` the
 * owner's (which must answer 200), `post` one of its actions.
 */
export function useMemberPage(database: () => Database) {
  const people = {} as { owner: Account; support: Account; editor: Account; member: Account };

  useProcessDatabase(database);
  beforeAll(async () => {
    const db = database().db;
    const [owner, support, editor, member] = await Promise.all([
      signUpStaff(db, "owner"),
      signUpStaff(db, "support"),
      signUpStaff(db, "editor"),
      signUpStaff(db, null),
    ]);
    Object.assign(people, { owner, support, editor, member });
    await db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, member.userId));
  });

  const open = (who: { cookie: string }, query = "") =>
    callLoader(page, {
      path: `/admin/members/${people.member.userId}${query}`,
      params: { memberId: people.member.userId },
      cookie: who.cookie,
    });
  const view = async (query = "") => {
    const answer = await open(people.owner, query);
    expect(answer.status).toBe(200);
    return answer.data as unknown as MemberPageView;
  };
  const post = (who: { cookie: string }, form: Record<string, string>, memberId = people.member.userId) =>
    callAction(page, { path: `/admin/members/${memberId}`, params: { memberId }, cookie: who.cookie, form });

  return { people, open, view, post };
}
