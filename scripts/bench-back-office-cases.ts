// The reads `npm run bench -- back-office` times, each called as its loader calls it. Members are
// `bench-1` … `bench-N` (scripts/bench-back-office-seed.ts).
import type { Db } from "../server/db/client.ts";
import { getAdminOverview } from "../server/staff/overview/get-admin-overview.ts";
import { searchBackOffice } from "../server/staff/search/search-back-office.ts";

export type BenchCase = { name: string; run: () => Promise<unknown> };

export function backOfficeCases(options: { db: Db; members: number }): BenchCase[] {
  const { db, members } = options;
  const middle = Math.floor(members / 2);
  return [
    { name: "overview (owner)", run: () => getAdminOverview({ db, role: "owner" }) },
    {
      name: "global search: email fragment",
      run: () => searchBackOffice({ db, role: "owner", term: `member${middle}@`, limit: 5 }),
    },
    {
      name: "global search: Telegram username",
      run: () => searchBackOffice({ db, role: "owner", term: `@trader_${middle}`, limit: 5 }),
    },
  ];
}
