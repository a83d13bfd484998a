// The reads `npm run bench -- back-office` times, each called as its loader calls it. Members are
// `bench-1` … `bench-N` (scripts/bench-back-office-seed.ts).
import { DEFAULT_MEMBER_QUERY, type MemberListQuery } from "../app/lib/validation/admin/members.ts";
import { DEFAULT_LEDGER_QUERY, type LedgerQuery } from "../app/lib/validation/admin/money.ts";
import type { Db } from "../server/db/client.ts";
import { listTargetHistory } from "../server/staff/list-target-history.ts";
import { getMemberMoney } from "../server/staff/members/get-member-money.ts";
import { getMemberProfile } from "../server/staff/members/get-member-profile.ts";
import { listMemberMessages } from "../server/staff/members/list-member-messages.ts";
import { listMemberNotes } from "../server/staff/members/list-member-notes.ts";
import { listMemberNotifications } from "../server/staff/members/list-member-notifications.ts";
import { listMemberSubscriptions } from "../server/staff/members/list-member-subscriptions.ts";
import { listMembers } from "../server/staff/members/list-members.ts";
import { streamMembersCsv } from "../server/staff/members/stream-members-csv.ts";
import { listChatRemovalFailures } from "../server/staff/money/list-chat-removal-failures.ts";
import { listDueRenewals } from "../server/staff/money/list-due-renewals.ts";
import { listLedger } from "../server/staff/money/list-ledger.ts";
import { listRenewalRuns } from "../server/staff/money/list-renewal-runs.ts";
import { getAdminOverview } from "../server/staff/overview/get-admin-overview.ts";
import { searchBackOffice } from "../server/staff/search/search-back-office.ts";
import { listStaleChatMembers } from "../server/telegram/entitlements.ts";

/**
 * `target`: a read the back office's target covers (a member page, the list, a search, the
 * overview: under 200 ms at p50, no sequential scan of a large table), and the renewal job's
 * sweep of the paid chats, which runs every minute; the bench fails when one misses it. The others (the money pages: the ledger explorer and renewals; the CSV export) are
 * measured and their scans reported, without failing the run.
 */
export type BenchCase = { name: string; run: () => Promise<unknown>; target: boolean };

export function backOfficeCases(options: { db: Db; members: number }): BenchCase[] {
  const { db, members } = options;
  const middle = Math.floor(members / 2);
  const seeded = new Date();
  const list = (query: Partial<MemberListQuery>) => () =>
    listMembers({ db, query: { ...DEFAULT_MEMBER_QUERY, ...query } });
  // The CSV's first two batches: its header, then the queries every later batch repeats.
  const csv = (query: Partial<MemberListQuery>) => async () => {
    const reader = streamMembersCsv({ db, query: { ...DEFAULT_MEMBER_QUERY, ...query } }).getReader();
    for (let i = 0; i < 3; i++) if ((await reader.read()).done) break;
    await reader.cancel();
  };
  // The member page's loader: the profile, then its sections at once.
  const memberPage = (memberId: string, ledgerPage: number) => async () => {
    await getMemberProfile({ db, memberId });
    await Promise.all([
      listMemberSubscriptions({ db, memberId }),
      getMemberMoney({ db, memberId, ledgerPage }),
      listMemberNotifications({ db, memberId }),
      listMemberNotes({ db, memberId }),
      listTargetHistory({ db, target: { type: "member", id: memberId } }),
      listMemberMessages({ db, memberId }),
    ]);
  };
  const ledger = (query: Partial<LedgerQuery>) => () =>
    listLedger({ db, query: { ...DEFAULT_LEDGER_QUERY, ...query } });
  const cases: Omit<BenchCase, "target">[] = [
    { name: "member page", run: memberPage(`bench-${middle}`, 1) },
    { name: "member page, ledger page 2", run: memberPage(`bench-${middle + 4 - (middle % 4)}`, 2) },
    { name: "ledger explorer: newest", run: ledger({}) },
    {
      name: "ledger explorer: deposits in a month",
      run: ledger({ kind: "deposit", from: "2026-01-01", to: "2026-01-31" }),
    },
    { name: "ledger explorer: one member", run: ledger({ member: `member${middle}@bench.example` }) },
    { name: "ledger explorer: reference prefix", run: ledger({ reference: `bench:renewal:${middle}`, prefix: true }) },
    {
      name: "renewals: due in 7 days",
      run: () => listDueRenewals({ db, until: new Date(Date.now() + 7 * 86_400_000), page: 1, pageSize: 50 }),
    },
    { name: "renewals: recent runs", run: () => listRenewalRuns({ db }) },
    { name: "renewals: chat removals failing", run: () => listChatRemovalFailures({ db }) },
    // The renewal job's sweep of the paid chats, every minute, when nothing ended since its last
    // sweep (the seed's subscriptions ended before these cases are built): two index reads.
    {
      name: "telegram: the minute's chat sweep",
      run: () => listStaleChatMembers({ db, filter: { endedSince: seeded } }),
    },
    { name: "overview (owner)", run: () => getAdminOverview({ db, role: "owner" }) },
    { name: "overview (owner, 90 days)", run: () => getAdminOverview({ db, role: "owner", range: 90 }) },
    { name: "overview (support)", run: () => getAdminOverview({ db, role: "support" }) },
    {
      name: "global search: email fragment",
      run: () => searchBackOffice({ db, role: "owner", term: `member${middle}@`, limit: 5 }),
    },
    {
      name: "global search: Telegram username",
      run: () => searchBackOffice({ db, role: "owner", term: `@trader_${middle}`, limit: 5 }),
    },
    { name: "member list: first page", run: list({}) },
    { name: "member list: page 1000", run: list({ page: 1000 }) },
    { name: "member list: by balance", run: list({ sort: "balance", dir: "desc" }) },
    { name: "member list: by email", run: list({ sort: "email", dir: "asc" }) },
    { name: "member list: email fragment", run: list({ q: `member${middle}@` }) },
    { name: "member list: name", run: list({ q: `Alan Trader${middle}` }) },
    { name: "member list: Telegram id", run: list({ q: String(5_000_000_000 + middle - (middle % 3 === 0 ? 1 : 0)) }) },
    { name: "member list: active plan", run: list({ plan: { kind: "active" } }) },
    { name: "member list: one plan", run: list({ plan: { kind: "plan", planId: 1 } }) },
    { name: "member list: lapsed", run: list({ plan: { kind: "lapsed" } }) },
    { name: "member list: verified, balance", run: list({ telegram: "verified", balance: true }) },
    { name: "member list: banned", run: list({ banned: true }) },
    { name: "member list: signed up in a month", run: list({ joinedFrom: "2026-01-01", joinedTo: "2026-01-31" }) },
    { name: "member list: CSV, first batches", run: csv({}) },
    { name: "member list: CSV, active plan", run: csv({ plan: { kind: "active" } }) },
  ];
  return cases.map((c) => ({ ...c, target: !/^ledger explorer|^renewals|CSV/.test(c.name) }));
}
