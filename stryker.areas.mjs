// @ts-check
// The areas `npm run test:mutation` measures, by name (see docs/testing.md). Each is one Stryker
// run with its own incremental results file, reports/stryker-incremental/<name>.json.

/** @type {Record<string, { mutate: string[] }>} */
export const areas = {
  pricing: { mutate: ["app/lib/pricing.ts"] },
  validation: { mutate: ["app/lib/validation/**/*.ts"] },
  sanitizer: { mutate: ["server/content/sanitize.ts"] },
  "page-cache": { mutate: ["server/http/page-cache.ts", "server/http/page-store.ts"] },
  security: { mutate: ["server/security/**/*.ts"] },
  auth: { mutate: ["server/auth/**/*.ts"] },
  wallet: { mutate: ["server/wallet/**/*.ts"] },
  billing: { mutate: ["server/billing/**/*.ts"] },
};
