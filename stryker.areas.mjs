// @ts-check
// The areas `npm run test:mutation` measures, by name (see docs/testing.md). Each is one Stryker
// run with its own incremental results file, reports/stryker-incremental/<name>.json.

// `tests`, where given, narrows the test files to the area's own (see vitest.stryker.config.mjs);
// without it every test file that imports a mutated file runs.
// Unit tests beside the auth code: seconds, so every auth area runs all of them.
const AUTH_UNIT_TESTS = ["server/auth/**/*.test.ts"];

/** @type {Record<string, { mutate: string[]; tests?: string[] }>} */
export const areas = {
  pricing: { mutate: ["app/lib/pricing.ts"] },
  // Zod schemas are built when their module loads: nearly all of validation's mutants are
  // static, and each reruns every test file in the area's `tests`; the schemas' own unit tests
  // take seconds, the route and integration tests that also import them took minutes.
  validation: { mutate: ["app/lib/validation/**/*.ts"], tests: ["app/lib/validation/**/*.test.ts"] },
  sanitizer: { mutate: ["server/content/sanitize.ts"] },
  "page-cache": {
    mutate: [
      "server/http/page-cache/page-cache.ts",
      "server/http/page-cache/page-store.ts",
      "server/http/private-paths.ts",
      "server/http/page-cache/page-fast-path.ts",
    ],
  },
  security: { mutate: ["server/security/**/*.ts"] },
  // `auth` is a group (below): server/auth/<topic>/, one part per folder, each with the tests of that
  // topic. Its mutants sit on the sign-up, sign-in and password-hashing path that nearly every
  // auth test runs, so as one area every mutant reran most of 63 slow tests (estimated 8 h 42 min
  // on 2 shared cores). A part is also a checkpoint: Stryker writes its results file only at the
  // end of a run.
  "auth-core": {
    // The Better Auth instance and what it is built from: every auth test runs it.
    mutate: ["server/auth/core/*.ts"],
    tests: [
      ...AUTH_UNIT_TESTS,
      "tests/integration/auth/{auth,auth-accounts,auth-core,auth-limits,email-auth,email-auth-*,passkeys,passkeys-*,sessions,sessions-*,two-factor,two-factor-*}.test.ts",
    ],
  },
  "auth-accounts": {
    mutate: ["server/auth/accounts/*.ts"],
    tests: [
      ...AUTH_UNIT_TESTS,
      "tests/integration/auth/{auth,auth-accounts,auth-limits,email-auth,sessions,sessions-*,two-factor-staff}.test.ts",
      "tests/integration/http/rate-limit-keys.test.ts",
    ],
  },
  "auth-email": {
    mutate: ["server/auth/email/*.ts"],
    tests: [...AUTH_UNIT_TESTS, "tests/integration/auth/{email-auth,email-auth-*,auth-limits}.test.ts"],
  },
  "auth-two-factor": {
    mutate: ["server/auth/two-factor/*.ts"],
    tests: [
      ...AUTH_UNIT_TESTS,
      "tests/integration/auth/{auth-accounts,two-factor,two-factor-*,sessions,sessions-*,passkeys}.test.ts",
      // The second step's per-challenge and per-address limits.
      "tests/integration/http/rate-limit-keys.test.ts",
    ],
  },
  "auth-passkeys": {
    mutate: ["server/auth/passkeys/*.ts"],
    tests: [...AUTH_UNIT_TESTS, "tests/integration/auth/passkeys{,-*}.test.ts"],
  },
  "auth-sessions": {
    mutate: ["server/auth/sessions/*.ts"],
    tests: [...AUTH_UNIT_TESTS, "tests/integration/auth/{sessions,sessions-*,two-factor,two-factor-*}.test.ts"],
  },
  wallet: {
    mutate: ["server/wallet/**/*.ts"],
    tests: ["server/wallet/**/*.test.ts", "tests/integration/wallet/*.test.ts"],
  },
  billing: {
    mutate: ["server/billing/**/*.ts"],
    tests: [
      "server/billing/**/*.test.ts",
      "tests/integration/billing/*.test.ts",
      "tests/integration/admin/plan-prices.test.ts",
      // Complimentary plans are granted from a member's page; the reconciliation is the owner's.
      "tests/integration/admin/admin-member-subscriptions.test.ts",
      "tests/integration/admin/admin-money-reconciliation.test.ts",
      "tests/integration/dashboard/dashboard.test.ts",
      "tests/integration/dashboard/billing-statement.test.ts",
    ],
  },
  // The back office's role and money code: who is staff and with which role, the /admin guard,
  // role changes and invitations (which grant roles), and plan price changes.
  "back-office": {
    mutate: [
      "app/lib/staff-roles.ts",
      "server/http/staff-guard.ts",
      "server/staff/staff/set-staff-role.ts",
      "server/staff/keep-staff-session.ts",
      "server/staff/staff/invitations/**/*.ts",
      "server/staff/plans/change-plan-price.ts",
      "server/staff/plans/cancel-scheduled-price-change.ts",
    ],
    tests: [
      "app/lib/staff-roles.test.ts",
      "server/staff/**/*.test.ts",
      "server/http/staff-guard.test.ts",
      "tests/integration/admin/{admin,admin-guard*,staff,staff-*,admin-plans,plan-prices,plan-prices-*,admin-role-matrix}.test.ts",
      "tests/integration/auth/two-factor-staff.test.ts",
      "tests/integration/http/rate-limit-keys.test.ts",
    ],
  },
  // Card payments through Stripe Checkout: the checkout, the webhook's credit, refund and dispute
  // handlers, the operators' alerts.
  "card-payments": {
    mutate: ["server/card-payments/**/*.ts"],
    tests: [
      "tests/integration/card-payments/*.test.ts",
      "tests/integration/admin/{admin-member-payment-flags,admin-overview-card-money}.test.ts",
    ],
  },
  // Orders: a cart held as the member's order, completed when a credit covers it, expired,
  // priced again, cancelled; the member's kept cart. On the tests that call the order functions
  // (and the dashboard's loader) directly: member-cart.test.ts and orders-routes.test.ts go
  // through sign-up and sign-in for each member, which every mutant they cover would repeat.
  orders: {
    mutate: ["server/orders/**/*.ts"],
    tests: [
      "tests/integration/orders/{orders,orders-guard,open-order-notice,cart-forgets-bought}.test.ts",
      // Each order function called directly, file by file (cancel, accept, coupon orders, ...).
      "tests/integration/orders/{order-steps,coupon-orders,member-order-view,order-lists,reprice-order,order-sweep,kept-cart-steps,order-notices,order-pricing}.test.ts",
      "tests/integration/card-payments/card-order.test.ts",
      // A coupon code typed for the open order (apply-order-coupon.ts) is tested with the coupons.
      "tests/integration/coupons/order-coupon.test.ts",
    ],
  },
  // A member deleting their own account, and the download of their data. On the tests that call
  // the two functions directly (one sign-up each at most): the route tests beside them
  // (account-deletion.test.ts, account-deletion-credentials.test.ts) sign members in dozens of
  // times per file, which every mutant they cover would repeat.
  "account-data": {
    mutate: ["server/dashboard/delete-member-account.ts", "server/dashboard/export-member-data.ts"],
    tests: ["tests/integration/dashboard/{account-deletion-rows,data-export,data-export-fields}.test.ts"],
  },
};

// Names that stand for several areas, run one after the other and scored together.
/** @type {Record<string, string[]>} */
export const groups = {
  auth: Object.keys(areas).filter((name) => name.startsWith("auth-")),
};
