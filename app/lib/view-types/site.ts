import type { FlashToast } from "../http/cookies";

/** The only configuration the browser ever sees (server/config.ts `getPublicConfig`, an explicit whitelist). */
export type PublicConfig = {
  brandName: string;
  productSlug: string;
  links: { telegram: string; x: string; discord: string };
  /** Stripe Checkout is configured: "Pay by card" is offered, and the pricing page shows cards. */
  cardPayments: boolean;
  /** Not a production start: the deposit dialog offers "Simulate a deposit". */
  simulatedDeposits: boolean;
};

/** What the root loader (app/root.tsx) gives every page. */
export type SiteData = {
  config: PublicConfig;
  /** The copyright year, from the date at request time. */
  year: number;
  /** The site's origin for canonical links and structured data. */
  siteUrl: string;
  /**
   * The toast a redirect left (the `flash_toast` cookie), read and deleted by the server, so the
   * page shows it without JavaScript too (`FlashMessage`) and scripts turn it into the toast.
   */
  flash?: FlashToast;
};

/**
 * Who is signed in, as the public pages' header shows it (the `_site` layout's loader). Only
 * ever set for a request that carried a session cookie, which the anonymous page cache never
 * stores, so no cached page holds a member's name.
 */
export type HeaderAccount = {
  name: string;
  /** Filled into the contact dialog, with the name. */
  email: string;
  /** A staff role: the menu also offers the back office (which still applies its own guard). */
  staff: boolean;
};
