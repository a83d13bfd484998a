/** The only configuration the browser ever sees (server/config.ts `getPublicConfig`, an explicit whitelist). */
export type PublicConfig = {
  brandName: string;
  productSlug: string;
  links: { telegram: string; x: string; discord: string };
};
