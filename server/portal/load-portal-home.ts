import type { PortalHome } from "~/lib/view-types/portal";
import { listPublishedPlans } from "../content/list-published-plans.ts";
import { getDepositWallet } from "../dashboard/get-deposit-wallet.ts";
import { getMemberProfile } from "../dashboard/get-member-profile.ts";
import { listBillingHistory } from "../dashboard/list-billing-history.ts";
import { listMemberSubscriptions } from "../dashboard/list-member-subscriptions.ts";
import type { Db } from "../db/client.ts";
import { getOpenOrder } from "../orders/get-open-order.ts";
import type { PortalSession } from "./get-portal-session.ts";

/** How many receipts the portal lists; the website's billing history has them all. */
const RECEIPTS_SHOWN = 10;

/**
 * Everything the portal's one page shows, read by the dashboard's own functions for the member
 * the session's Telegram account is verified to (never an id the page sent). An account no
 * member has verified gets what it needs to link one.
 */
export async function loadPortalHome(options: {
  db: Db;
  session: PortalSession;
  siteUrl: string;
  cardPayments: boolean;
}): Promise<PortalHome> {
  const { db, session } = options;
  const userId = session.memberId;
  if (!userId)
    return {
      kind: "stranger",
      firstName: session.firstName,
      telegramUsername: session.telegramUsername,
      signUpUrl: `${options.siteUrl}/join`,
    };
  // The order first: reading it settles it (a covered order is purchased), which the rest shows.
  const open = await getOpenOrder({ db, userId });
  const profile = await getMemberProfile({ db, userId });
  const [subscriptions, plans, history, wallet] = await Promise.all([
    listMemberSubscriptions({ db, userId }),
    listPublishedPlans({ db }),
    listBillingHistory({ db, userId }),
    getDepositWallet({ db, userId, address: profile.walletAddress }),
  ]);
  return {
    kind: "member",
    firstName: profile.firstName,
    balance: profile.balance,
    subscriptions,
    plans,
    order: open ? { ...open, wallet } : null,
    receipts: history.filter((row) => row.receiptPath !== null).slice(0, RECEIPTS_SHOWN),
    wallet,
    cardPayments: options.cardPayments,
  };
}
