import { data } from "react-router";
import { changeTelegramSchema } from "~/lib/validation/dashboard/profile";
import { changeMemberTelegram } from "#server/dashboard/change-member-telegram";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** User Info → Telegram Account: the member corrects their own Telegram username. */
export const action = defineAction({
  access: "member",
  schema: changeTelegramSchema,
  unexpected: "Failed to update your Telegram username. Please try again.",
  run: async ({ member, input }) =>
    changeMemberTelegram({ db: getDb(), userId: member.userId, username: input.telegramUsername }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
