/*
 * How often a new-post email is tried before the newsletter gives up on it (the sender) and the
 * back office shows it as failed. Backs off 1, 2, 4 … minutes, at most 6 hours apart:
 * about a day and a half of SMTP outage.
 */
export const NEWSLETTER_MAX_ATTEMPTS = 12;
export const NEWSLETTER_MAX_BACKOFF_SECONDS = 6 * 60 * 60;
