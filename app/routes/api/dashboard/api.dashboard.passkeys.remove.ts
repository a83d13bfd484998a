import { data } from "react-router";
import { removePasskeySchema } from "~/lib/validation/auth/passkeys";
import { removeMemberPasskey } from "#server/auth/passkeys/remove-member-passkey";
import { defineAction } from "#server/http/action";

/** Removes one of the member's passkeys: it can no longer sign in. */
export const action = defineAction({
  access: "member",
  schema: removePasskeySchema,
  unexpected: "The passkey could not be removed. Please try again.",
  run: async ({ input, request }) => {
    await removeMemberPasskey({ headers: request.headers, id: input.id });
    return {};
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
