/** Answers of the newsletter sign-up, shared by the action, the tests and the no-JS redirect. */
export const NEWSLETTER_MESSAGES = {
  pending: "Check your inbox to confirm your subscription.",
  alreadySubscribed: "You're already subscribed.",
  confirmPrompt: "Confirm your subscription",
  confirmed: "Subscription confirmed",
  invalidLink: "This confirmation link is invalid or has expired.",
  sendFailed: "We couldn't send the confirmation email. Please try again later.",
  unsubscribePrompt: "Unsubscribe from new posts?",
  unsubscribed: "You're unsubscribed",
  invalidUnsubscribeLink: "This unsubscribe link is invalid.",
} as const;

/** How long an emailed confirmation link stays valid. */
export const CONFIRMATION_TTL_HOURS = 48;

/**
 * Without JavaScript the sign-up form is a plain POST; the action answers with a redirect back
 * to the blog carrying one of these codes (never free text, so a link cannot put words on our page).
 */
const notices = {
  "check-inbox": { ok: true, message: NEWSLETTER_MESSAGES.pending },
  subscribed: { ok: true, message: NEWSLETTER_MESSAGES.alreadySubscribed },
  "invalid-email": { ok: false, message: "Please enter a valid email address" },
  "rate-limited": { ok: false, message: "Too many requests. Please try again later." },
  failed: { ok: false, message: NEWSLETTER_MESSAGES.sendFailed },
} as const;

export type NewsletterNoticeCode = keyof typeof notices;
export type NewsletterNotice = { ok: boolean; message: string };

export function newsletterNotice(code: string | null): NewsletterNotice | null {
  return code && Object.hasOwn(notices, code) ? notices[code as NewsletterNoticeCode] : null;
}
