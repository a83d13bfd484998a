// @ts-check
// The areas `npm run test:mutation` measures, by name (see docs/testing.md). Each is one Stryker
// run with its own incremental results file, reports/stryker-incremental/<name>.json.

// `tests`, where given, narrows the test files to the area's own (see vitest.stryker.config.mjs);
// without it every test file that imports a mutated file runs.
/** @type {Record<string, { mutate: string[]; tests?: string[] }>} */
export const areas = {
  pricing: { mutate: ["app/lib/pricing.ts"] },
  // Zod schemas are built when their module loads: nearly all of validation's mutants are
  // static, and each reruns every test file in the area's `tests`; the schemas' own unit tests
  // take seconds, the route and integration tests that also import them took minutes.
  validation: { mutate: ["app/lib/validation/**/*.ts"], tests: ["app/lib/validation/**/*.test.ts"] },
  sanitizer: { mutate: ["server/content/sanitize.ts"] },
  "page-cache": { mutate: ["server/http/page-cache.ts", "server/http/page-store.ts"] },
  security: { mutate: ["server/security/**/*.ts"] },
  auth: {
    mutate: ["server/auth/**/*.ts"],
    tests: [
      "server/auth/**/*.test.ts",
      "tests/integration/{auth,auth-limits,email-auth,passkeys,sessions,two-factor}.test.ts",
    ],
  },
  wallet: {
    mutate: ["server/wallet/**/*.ts"],
    tests: ["server/wallet/**/*.test.ts", "tests/integration/{deposits,deposits-*,wallet}.test.ts"],
  },
  billing: {
    mutate: ["server/billing/**/*.ts"],
    tests: [
      "server/billing/**/*.test.ts",
      "tests/integration/{purchase,renewals,ledger,ledger-*,billing-*,plan-prices,dashboard}.test.ts",
    ],
  },
  // The back office's role and money code: who is staff and with which role, the /admin guard,
  // role changes and invitations (which grant roles), and plan price changes.
  "back-office": {
    mutate: [
      "app/lib/staff-roles.ts",
      "server/http/staff-guard.ts",
      "server/staff/set-staff-role.ts",
      "server/staff/keep-staff-session.ts",
      "server/staff/invitations/**/*.ts",
      "server/staff/change-plan-price.ts",
      "server/staff/cancel-scheduled-price-change.ts",
    ],
    tests: [
      "app/lib/staff-roles.test.ts",
      "server/staff/**/*.test.ts",
      "server/http/staff-guard.test.ts",
      "tests/integration/{admin,admin-guard*,staff,staff-*,admin-plans,plan-prices,plan-prices-*,admin-role-matrix}.test.ts",
    ],
  },
};
