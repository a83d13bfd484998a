// The layers of this codebase (docs/architecture.md), checked by dependency-cruiser in
// `npm run lint` and by tests/integration/layers.test.ts (which also plants violations to
// show each rule fails). Paths are relative to the project root.
//
// server/ reads bottom-up:
//   platform  server/config{,-env}.ts, server/lib/, server/db/     (environment, logging, errors, database)
//   domain    server/<domain>/                               (auth, billing, wallet, content, …)
//   web       server/http/                                   (Express app, page cache, route helpers, guards)
//   entry     server/*.ts entry files, server/jobs/, server/ops/ (start-up, jobs wiring, operator API and CLI)
// app/lib/ is the one folder both sides share: it imports neither side.

const PLATFORM = "^server/(config(-env)?[.]ts|lib/|db/)";

// The domain folders, lowest first: a folder may use the public files of the folders before it,
// never one after it, so the folders form no knot. A new folder takes its place here.
const DOMAIN_ORDER = [
  "security", // rate limits, client addresses, origin check, headers
  "email", // mail transport and layout
  "seo",
  "uploads", // uploaded images: checked, re-encoded, stored in DATA_DIR/uploads or a bucket
  "content", // posts, plans, results, sanitizer
  "telegram", // the bot, chat access
  "notifications", // the outbox of member notices, delivered by email and Telegram
  // Coupon codes: checked, priced and counted inside billing's purchases and renewals.
  "coupons",
  "billing", // ledger, purchases, renewals
  // Orders: carts waiting for their money, purchased through billing once the balance covers them.
  // Before wallet so the deposit watcher can complete an order after a credit; billing's own
  // credits (operator adjustments) are completed by their callers (staff, ops) after commit.
  "orders",
  "wallet", // deposit addresses and deposits
  "card-payments", // Stripe Checkout: sessions, the webhook's credits, refunds and disputes
  // Referral links: codes, visits, who referred whom (rewards are paid and taken back inside billing).
  "referrals",
  "auth", // accounts and sessions
  "newsletter",
  "contact",
  "dashboard", // the member dashboard's own reads and writes, composed of the above
  "portal", // the member portal inside Telegram: signed init data, its sessions, linking an account
  "staff", // the back office: one folder per section (server/staff/<section>/), shared files at its root
];

// What a domain folder offers the others, by name; everything else in it is private.
const PUBLIC_FILES = {
  security: ["rate-limit", "client-address"],
  email: ["send-email", "layout"],
  uploads: ["store-image", "read-upload"],
  content: ["sanitize", "list-published-plans"],
  telegram: [
    "telegram-bot",
    "telegram-links",
    "deliver-telegram-notification",
    "remove-expired-access",
    "remove-member-access",
    "relink-telegram-username",
    "send-telegram-changed-email",
    // The portal sends a newly linked member their channel links, as the bot's verification does.
    "send-access-links",
  ],
  notifications: ["enqueue-notification", "failed-deliveries"],
  coupons: [
    "check-coupon-code",
    // A code's purchase uses (its billing rows): counted by its limits, its page and its form's save.
    "coupon-purchase-uses",
    // Staff's edits drop a code this process's purchases keep, so the next one reads it afresh.
    "coupon-cache",
    "coupon-guesses",
    // Each process's blocks of a limited code's uses, which a purchase takes its use from.
    "coupon-use-pool",
    // Staff's changes of a code close its gate: they wait for its purchases in flight.
    "coupon-gate",
    "price-with-coupon",
    "purchase-coupon",
    "renewal-discount",
    // A code's form's save counts its uses and spreads its slots as a purchase that finds none does.
    "respread-coupon-uses",
    "spread-coupon-uses",
  ],
  billing: [
    "ledger",
    "adjust-balance",
    "grant-complimentary",
    "reconcile-ledger",
    "purchase-subscriptions",
    // An order's completion buys inside its own transaction.
    "purchase-in-transaction",
    "messages",
    "held-plans",
    "price-switch",
    // Staff ending a subscription now clears its scheduled change as billing does.
    "no-scheduled-change",
    // Whether a complimentary plan includes a paid one: the dashboard says so, the figures leave it out.
    "complimentary/find-member-covers",
    "complimentary/cover-sql",
    // Referral rewards: paid inside billing's payments, taken back by card refunds, read by the referrals pages.
    "referral-rewards/get-referral-rule",
    "referral-rewards/referral-refusal",
    "referral-rewards/reverse-referral-reward",
  ],
  orders: [
    "complete-covered-order",
    "create-order",
    "cancel-order",
    "accept-order-price",
    "apply-order-coupon",
    "get-open-order",
    "get-open-order-notice",
    "list-member-orders",
    "expire-orders",
    "get-member-cart",
    "get-order-settings",
  ],
  wallet: ["generate-wallet", "deposit-cursor", "fetch-block-time", "rescan-deposits"],
  auth: [
    "core/auth",
    "core/auth-errors",
    "core/auth-secret",
    "accounts/confirm-account-owner",
    // The Telegram portal links an account by the same emailed code as /signin/code.
    "email/request-sign-in-code",
    "email/sign-in-with-code",
    "email/email-auth-messages",
  ],
  referrals: ["get-referral-code", "record-referral-visit", "attribute-referral"],
  newsletter: ["delivery-limits"],
  // The inbox shows where a message's staff alert is, against the alerts' retry limit.
  contact: ["send-contact-alerts"],
  // The Telegram portal shows what the dashboard shows, read by the dashboard's own functions.
  dashboard: [
    "get-member-profile",
    "list-member-subscriptions",
    "list-billing-history",
    "get-deposit-wallet",
    "set-subscription-autorenew",
  ],
};
const PUBLIC = `^server/(${Object.entries(PUBLIC_FILES)
  .map(([folder, files]) => `${folder}/(${files.join("|")})`)
  .join("|")})[.]ts$`;
const DOMAIN = `^server/(${DOMAIN_ORDER.join("|")})/`;
const WEB = "^server/http/";
const ENTRY =
  "^server/((start|main|dev|production|process-guards|check-data-dir-permissions|local-run)[.]ts|jobs/|ops/)";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment:
        "A file never depends on itself through others: cycles make layers meaningless and modules " +
        "impossible to load or test alone.",
      severity: "error",
      from: { path: "^(server|app)/" },
      to: { circular: true },
    },
    {
      name: "platform-stays-down",
      comment:
        "Platform code (config, logger, errors, database) knows nothing of the domains, the web " +
        "layer or the entry points.",
      severity: "error",
      from: { path: PLATFORM },
      to: { path: `${DOMAIN}|${WEB}|${ENTRY}` },
    },
    {
      name: "domain-stays-below-web",
      comment: "Domain code is called by routes, jobs and the operator API; it never reaches up into them.",
      severity: "error",
      from: { path: DOMAIN },
      to: { path: `${WEB}|${ENTRY}` },
    },
    ...DOMAIN_ORDER.map((folder, i) => ({
      name: "domain-order",
      comment: `server/${folder}/ uses only the domain folders listed before it in DOMAIN_ORDER, so domain folders form no cycle.`,
      severity: "error",
      from: { path: `^server/${folder}/` },
      to: { path: `^server/(${DOMAIN_ORDER.slice(i + 1).join("|")})/` },
    })).filter((rule) => !rule.to.path.endsWith("()/")),
    {
      name: "domain-through-public-files",
      comment:
        "A domain folder reaches another only through that folder's public files (PUBLIC_FILES); " +
        "the rest is its own business.",
      severity: "error",
      from: { path: DOMAIN },
      to: { path: DOMAIN, pathNot: [PUBLIC, "^server/$1/"] },
    },
    {
      name: "back-office-sections-apart",
      comment:
        "A back-office section (server/staff/<section>/, app/components/admin/<section>/) uses its " +
        "own folder and the files its layer's folder shares at its root (and the shared rich-text/ " +
        "and list/ kits), never another section's, so each section can be read and changed alone. " +
        "Search is the exception: it reads the sections it searches.",
      severity: "error",
      from: {
        path: "^(server/staff|app/components/admin)/([^/]+)/",
        pathNot: "^(server/staff|app/components/admin)/search/",
      },
      to: {
        path: "^(server/staff|app/components/admin)/[^/]+/",
        // The rich-text editor and the list kit are shared pieces, kept in folders of their own.
        pathNot: ["^$1/$2/", "^app/components/admin/rich-text/", "^app/components/admin/list/"],
      },
    },
    {
      name: "web-stays-below-entry",
      comment:
        "The web layer is started by the entry points, never the other way round (the operator API " +
        "router is the one web surface that lives with the ops commands).",
      severity: "error",
      from: { path: WEB },
      to: { path: ENTRY, pathNot: "^server/ops/(router|ops-token)[.]ts$" },
    },
    {
      name: "shared-imports-neither-side",
      comment: "app/lib/ is shared by browser and server: it may not import server code, components or routes.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^(server/|app/(components|routes)/)" },
    },
    {
      name: "server-never-imports-components",
      comment: "Server code renders nothing: what it shares with the browser lives in app/lib/.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/(components|routes)/" },
    },
    {
      name: "components-never-import-server",
      comment:
        "Components render what loaders hand them: their data types come from app/lib/view-types/, " +
        "never from server/ (a browser bundle must not reach server code).",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^server/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|[.]react-router)/|[.]test[.]tsx?$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
