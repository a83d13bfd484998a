import { data } from "react-router";
import { profileSchema } from "~/lib/validation/dashboard/profile";
import { updateMemberProfile } from "#server/dashboard/update-member-profile";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** "Change user information": first and last name only (other keys in the body are ignored). */
export const action = defineAction({
  access: "member",
  schema: profileSchema,
  unexpected: "Failed to update your information. Please try again.",
  run: async ({ member, input }) => ({
    profile: await updateMemberProfile({ db: getDb(), userId: member.userId, input }),
  }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
