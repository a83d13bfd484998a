import { data } from "react-router";
import { renamePasskeySchema } from "~/lib/validation/auth/passkeys";
import { renameMemberPasskey } from "#server/auth/passkeys/rename-member-passkey";
import { defineAction } from "#server/http/action";

/** Renames one of the member's passkeys. */
export const action = defineAction({
  access: "member",
  schema: renamePasskeySchema,
  unexpected: "The passkey could not be renamed. Please try again.",
  run: ({ input, request }) => renameMemberPasskey({ headers: request.headers, id: input.id, name: input.name }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
