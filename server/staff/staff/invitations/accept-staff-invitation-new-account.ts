import { eq } from "drizzle-orm";
import { fromAuthError } from "../../../auth/core/auth-errors.ts";
import { getAuth } from "../../../auth/core/auth.ts";
import type { Db } from "../../../db/client.ts";
import { profiles, user } from "../../../db/schema.ts";
import { AppError } from "../../../lib/errors.ts";
import { getLogger } from "../../../lib/logger.ts";
import { generateWallet } from "../../../wallet/generate-wallet.ts";
import { acceptInvitationIn } from "./accept-staff-invitation.ts";
import { findStaffInvitation, notOpenError } from "./find-staff-invitation.ts";
import { invitationMessages } from "./invitation-messages.ts";

/**
 * A person without an account accepts: the account is opened with the name and
 * password they chose (the sign-up password rules, checked by the form's schema), its address
 * verified, since the link was sent to it; the invitation is used and the role set in one
 * transaction; then the person is signed in (the returned headers carry the session cookie).
 *
 * Better Auth creates the user through its own connection (server API `createUser` of the admin
 * plugin, called without a session, so nothing is exposed over HTTP), which cannot happen inside
 * our transaction on the single-connection embedded database. So the account comes first, and
 * if the invitation turns out used in the meantime (two tabs), the account is removed again: an
 * invitation leaves a whole staff member or nothing.
 */
export async function acceptStaffInvitationAsNewAccount(options: {
  db: Db;
  token: string;
  firstName: string;
  lastName: string;
  password: string;
  headers: Headers;
  now?: Date;
}) {
  const { db, token, now = new Date() } = options;
  const found = await findStaffInvitation({ db, token, now });
  if (found.state !== "open") throw notOpenError(found.state);
  if (found.accountExists) throw new AppError("CONFLICT", invitationMessages.accountExists);

  let userId: string;
  try {
    const created = await getAuth().api.createUser({
      body: {
        email: found.email,
        password: options.password,
        name: `${options.firstName} ${options.lastName}`,
        data: { emailVerified: true },
      },
    });
    userId = created.user.id;
  } catch (error) {
    fromAuthError(error, { code: "CONFLICT", message: invitationMessages.accountExists });
  }
  let accepted;
  try {
    await db.insert(profiles).values({ id: userId, firstName: options.firstName, lastName: options.lastName });
    accepted = await db.transaction((tx) => acceptInvitationIn({ tx, token, accountId: userId, now }));
  } catch (error) {
    // Not accepted (used meanwhile, say): the account opened for it goes again (cascade: profile, credential).
    await db.delete(user).where(eq(user.id, userId));
    throw error;
  }
  try {
    await generateWallet({ db, profileId: userId });
  } catch (error) {
    getLogger().warn(
      { err: (error as Error).message, profile: userId },
      "staff invitation: wallet generation failed; the wallet job will retry",
    );
  }
  // The person is staff now; should signing in fail here, they sign in on /signin like anyone.
  try {
    const signedIn = await getAuth().api.signInEmail({
      body: { email: found.email, password: options.password },
      headers: options.headers,
      returnHeaders: true,
    });
    return { ...accepted, headers: signedIn.headers as Headers | null };
  } catch (error) {
    getLogger().warn({ err: (error as Error).message }, "staff invitation: sign-in after the new account failed");
    return { ...accepted, headers: null };
  }
}
