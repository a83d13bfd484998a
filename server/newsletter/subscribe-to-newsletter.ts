import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { emailHtml } from "../email/layout.ts";
import { maskAddress, sendEmail, type Email } from "../email/send-email.ts";
import { AppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { clientAddressKey } from "../security/client-address.ts";
import { enforceRateLimit } from "../security/rate-limit.ts";
import { CONFIRMATION_TTL_HOURS, NEWSLETTER_MESSAGES } from "./messages.ts";
import { createConfirmationToken } from "./tokens.ts";

export type SubscribeOutcome = { status: "pending" | "already_subscribed"; message: string };

const WINDOW_SECONDS = 60 * 60;
export const NEWSLETTER_RATE_LIMIT = 5;

/**
 * Double opt-in, step one: counts the request against
 * the client's hourly allowance, creates or refreshes a pending subscription with a new token
 * (only its sha256 is stored) and emails the confirmation link. A confirmed subscriber gets no
 * email, only the answer that they are already subscribed.
 */
export async function subscribeToNewsletter(options: {
  db: Db;
  /** Already checked and normalised by `newsletterSchema` at the edge. */
  email: string;
  clientIp: string;
  /** The public origin the confirmation link points at (`getSiteUrl(request)`). */
  siteUrl: string;
  brandName: string;
  limit?: number;
  now?: Date;
  send?: (email: Email) => Promise<unknown>;
}): Promise<SubscribeOutcome> {
  const {
    db,
    email,
    clientIp,
    siteUrl,
    brandName,
    limit = NEWSLETTER_RATE_LIMIT,
    now = new Date(),
    send = sendEmail,
  } = options;
  const { token, tokenHash } = createConfirmationToken();
  const expiresAt = new Date(now.getTime() + CONFIRMATION_TTL_HOURS * 60 * 60 * 1000);

  const refreshed = await db.transaction(async (tx) => {
    await enforceRateLimit({
      db: tx,
      key: clientAddressKey("newsletter", clientIp),
      limit,
      windowSeconds: WINDOW_SECONDS,
    });
    // One statement, so two sign-ups for one address at once end in one row. A confirmed,
    // still-subscribed row is left alone (no row comes back); anything else gets the new token.
    const rows = await tx.execute<{ id: number }>(sql`
      insert into newsletter_subscribers (email, token_hash, token_expires_at)
      values (${email}, ${tokenHash}, ${expiresAt.toISOString()})
      on conflict ((lower(email))) do update set
        email = excluded.email,
        token_hash = excluded.token_hash,
        token_expires_at = excluded.token_expires_at,
        updated_at = now()
      where newsletter_subscribers.confirmed_at is null or newsletter_subscribers.unsubscribed_at is not null
      returning id`);
    return rows.rows.length > 0;
  });
  if (!refreshed) return { status: "already_subscribed", message: NEWSLETTER_MESSAGES.alreadySubscribed };

  const link = `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  try {
    await send(confirmationEmail({ to: email, brandName, link }));
  } catch (error) {
    getLogger().error({ err: error, to: maskAddress(email) }, "newsletter confirmation email failed");
    throw new AppError("UNAVAILABLE", NEWSLETTER_MESSAGES.sendFailed);
  }
  return { status: "pending", message: NEWSLETTER_MESSAGES.pending };
}

function confirmationEmail(options: { to: string; brandName: string; link: string }): Email {
  const { to, brandName, link } = options;
  const subject = `Confirm your subscription to the ${brandName} blog`;
  const lines = [
    `Someone (hopefully you) asked to receive new ${brandName} blog posts at this address.`,
    `Confirm your subscription within ${CONFIRMATION_TTL_HOURS} hours by opening this link:`,
  ];
  const ignore = "If you did not ask for this, ignore this email and you will not hear from us again.";
  return {
    to,
    subject,
    text: `${lines.join("\n\n")}\n\n${link}\n\n${ignore}\n`,
    html: emailHtml({
      brand: brandName,
      heading: "Confirm your subscription",
      paragraphs: [
        lines[0]!,
        `Confirm your subscription within ${CONFIRMATION_TTL_HOURS} hours with the button below.`,
        ignore,
      ],
      action: { label: "Confirm subscription", url: link },
    }),
  };
}
