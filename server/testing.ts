// Entry for browser tests: bundled to build/testing.js so Playwright workers can start the
// production server in-process and read the same database it writes. Import it only after
// setting NODE_ENV=production.
export * as schema from "./db/schema.ts";
export { getDatabase } from "./db/client.ts";
export { startProductionServer } from "./production.ts";
export { signUpMember } from "./auth/sign-up-member.ts";
export { postLedgerEntry } from "./billing/ledger.ts";
export { adjustBalance } from "./billing/adjust-balance.ts";
export { queueNewPostEmails } from "./newsletter/queue-new-post-emails.ts";
export { sendNewPostEmails } from "./newsletter/send-new-post-emails.ts";
export { createUnsubscribeToken } from "./newsletter/unsubscribe-token.ts";
export { hashConfirmationToken } from "./newsletter/tokens.ts";
