// Test-only entry (kept out of server/): bundled to build/testing.js so Playwright workers can start the
// production server in-process and read the same database it writes. Import it only after
// setting NODE_ENV=production.
export * as schema from "../../../server/db/schema.ts";
export { getDatabase } from "../../../server/db/client.ts";
export { startProductionServer } from "../../../server/production.ts";
export { signUpMember } from "../../../server/auth/accounts/sign-up-member.ts";
export { postLedgerEntry } from "../../../server/billing/ledger.ts";
export { creditDeposit } from "../../../server/wallet/credit-deposit.ts";
export { adjustBalance } from "../../../server/billing/adjust-balance.ts";
export { queueNewPostEmails } from "../../../server/newsletter/queue-new-post-emails.ts";
export { sendNewPostEmails } from "../../../server/newsletter/send-new-post-emails.ts";
export { createUnsubscribeToken } from "../../../server/newsletter/unsubscribe-token.ts";
export { hashConfirmationToken } from "../../../server/newsletter/tokens.ts";
export { renewSubscription } from "../../../server/billing/renew-subscription.ts";
export { deliverNotifications } from "../../../server/notifications/deliver-notifications.ts";
export { publishDuePosts } from "../../../server/staff/posts/publish-due-posts.ts";
export { getAdminOverview } from "../../../server/staff/overview/get-admin-overview.ts";
export { createOrder } from "../../../server/orders/create-order.ts";
export { expireOrders } from "../../../server/orders/expire-orders.ts";
export { purchaseSubscriptions } from "../../../server/billing/purchase-subscriptions.ts";
export { completeCoveredOrder } from "../../../server/orders/complete-covered-order.ts";
export { sendTrialReminders } from "../../../server/billing/send-trial-reminders.ts";
