import { eq } from "drizzle-orm";
import { getConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema.ts";
import { emailHtml } from "../../email/layout.ts";
import { sendEmail } from "../../email/send-email.ts";
import { AppError } from "../../lib/errors.ts";
import { getLogger } from "../../lib/logger.ts";
import { getAuth } from "../core/auth.ts";
import { EMAIL_AUTH_MESSAGES } from "./email-auth-messages.ts";
import { consumeEmailLink, findEmailLink, readEmailLinkToken, type EmailLinkKind } from "./email-link-store.ts";

const invalid = () => new AppError("NOT_FOUND", EMAIL_AUTH_MESSAGES.invalidLink);

/** What the /verify-email page shows before its button: the kind of link and the address it confirms. */
export async function findEmailConfirmation(options: {
  db: Db;
  linkId: string | null;
  now?: Date;
}): Promise<{ kind: EmailLinkKind; email: string }> {
  if (!options.linkId) throw invalid();
  const link = await findEmailLink({ db: options.db, linkId: options.linkId, now: options.now });
  const payload = link && readEmailLinkToken(link.token);
  if (!link || !payload) throw invalid();
  return { kind: link.kind, email: link.kind === "change" ? (payload.updateTo ?? payload.email) : payload.email };
}

/**
 * The /verify-email button: uses the link once (struck off first, so a second click or a
 * replay finds nothing), then lets Better Auth check its signature and expiry and mark the
 * address verified or, for an email change, switch to the new address, which the link proved.
 * After a change the OLD address is told, so a member who did not ask for it can react.
 */
export async function confirmEmailLink(options: {
  db: Db;
  linkId: string | null;
  now?: Date;
}): Promise<{ kind: EmailLinkKind; email: string }> {
  const { db, linkId } = options;
  if (!linkId) throw invalid();
  const link = await consumeEmailLink({ db, linkId, now: options.now });
  const payload = link && readEmailLinkToken(link.token);
  if (!link || !payload) throw invalid();
  const [before] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, link.userId));
  if (!before) throw invalid();
  try {
    // No session headers: the link itself is the proof, whoever's browser opens it.
    await getAuth().api.verifyEmail({ query: { token: link.token } });
  } catch {
    throw invalid();
  }
  if (link.kind === "verify") return { kind: "verify", email: payload.email };
  const [after] = await db.select({ email: user.email }).from(user).where(eq(user.id, link.userId));
  if (!after || after.email === before.email) throw invalid();
  await sendEmailChangedNotice({ to: before.email, name: before.name, newEmail: after.email }).catch(
    (error: unknown) => {
      getLogger().error({ err: error }, "email change: the notice to the old address failed");
    },
  );
  return { kind: "change", email: after.email };
}

async function sendEmailChangedNotice(options: { to: string; name: string; newEmail: string }) {
  const brand = getConfig().brandName;
  const paragraphs = [
    `Hi ${options.name.split(" ")[0] || "there"},`,
    `The email address of your ${brand} account was changed to ${options.newEmail}. From now on we write to that address, and you sign in with it.`,
    "If you did not make this change, contact our support at once.",
  ];
  await sendEmail({
    to: options.to,
    subject: `Your ${brand} email address was changed`,
    text: `${paragraphs.join("\n\n")}\n\n— ${brand}\n`,
    html: emailHtml({ brand, heading: "Your email address was changed", paragraphs }),
  });
}
