import { z } from "zod";
import { telegramUsername } from "../auth/auth";
import { requiredText } from "../fields";
import { listPage } from "../list-page";

/*
 * The member page's forms (/admin/members/:memberId). The page's own action carries the
 * support work (notes, sign-out everywhere); fixing Telegram and banning are separate routes
 * because each has its own permission.
 */

export const MEMBER_NOTE_MAX = 4000;
export const BAN_REASON_MAX = 500;

export const memberPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("note"), body: requiredText("Note", MEMBER_NOTE_MAX, { lines: true }) }),
    z.object({ intent: z.literal("sign-out-everywhere") }),
  ],
  { message: "Unknown change" },
);

/** The same rule a member's sign-up applies to the username (the "@" is dropped). */
export const fixTelegramSchema = z.object({ telegram: telegramUsername() });

export const memberAccountSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("ban"), reason: requiredText("Reason", BAN_REASON_MAX) }),
    z.object({ intent: z.literal("unban") }),
  ],
  { message: "Unknown change" },
);

const ledgerPage = listPage(1_000_000);

/** `?ledger=N` on the member page: the ledger's page, 1 when missing or not a page number. */
export function ledgerPageOf(params: URLSearchParams): number {
  return ledgerPage.parse(params.get("ledger") ?? undefined);
}
