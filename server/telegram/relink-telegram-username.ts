import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { profiles } from "../db/schema.ts";

export type TelegramLink = { username: string | null; verified: boolean; telegramUserId: string | null };

/**
 * Puts a new Telegram username on a member's profile and cuts the link to the Telegram account
 * proven for the old one: verified off, the proven account id and any pending code cleared. The
 * member proves the new username with a new code; until then nothing entitles that Telegram
 * account to a chat. The profile row is locked first, so a verification landing at the same time
 * cannot mark the new username verified with the old account's proof.
 *
 * `unlessSame`: a username equal to the stored one but for letter case (Telegram usernames ignore
 * case) only takes the new spelling and keeps the link. Returns the link as it was before (null
 * when the member has no profile) and whether it was cut.
 */
export async function relinkTelegramUsername(options: {
  tx: Tx;
  userId: string;
  username: string;
  unlessSame?: boolean;
}): Promise<{ before: TelegramLink; cut: boolean } | null> {
  const { tx, userId, username } = options;
  const [row] = await tx
    .select({
      username: profiles.telegramUsername,
      verified: profiles.telegramVerified,
      telegramUserId: profiles.telegramUserId,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  if (!row) return null;
  const before: TelegramLink = {
    username: row.username,
    verified: row.verified,
    telegramUserId: row.telegramUserId === null ? null : String(row.telegramUserId),
  };
  if (options.unlessSame && row.username?.toLowerCase() === username.toLowerCase()) {
    await tx.update(profiles).set({ telegramUsername: username }).where(eq(profiles.id, userId));
    return { before, cut: false };
  }
  await tx
    .update(profiles)
    .set({
      telegramUsername: username,
      telegramVerified: false,
      telegramUserId: null,
      verificationCode: null,
      verificationCodeExpiresAt: null,
    })
    .where(eq(profiles.id, userId));
  return { before, cut: true };
}
