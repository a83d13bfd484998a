/** The header's top navigation, in display order. */
export const mainNav = [
  { to: "/", label: "Home" },
  { to: "/signals", label: "Signals" },
  { to: "/indicator", label: "Indicator" },
  { to: "/pricing", label: "Pricing" },
  { to: "/results", label: "Results" },
  { to: "/blog", label: "Blog" },
] as const;

/** The footer's links, in display order (external ones come from configuration). */
export const footerNav = [
  { to: "/", label: "Home" },
  { to: "/signals", label: "Signals" },
  { to: "/indicator", label: "Indicator" },
  { to: "/blog", label: "Blog" },
  { to: "/results", label: "Results" },
  { to: "/pricing", label: "Pricing" },
  { to: "/contact", label: "Contact" },
] as const;

export const legalNav = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
] as const;
