import { data } from "react-router";
import { addPasskeySchema } from "~/lib/validation/auth/passkeys";
import { addMemberPasskey } from "#server/auth/passkeys/add-member-passkey";
import { defineAction } from "#server/http/action";

/** Add a passkey, step 2: the authenticator's answer, verified and stored with its name. */
export const action = defineAction({
  access: "member",
  schema: addPasskeySchema,
  unexpected: "The passkey could not be added. Please try again.",
  run: async ({ input, request, forwardCookies }) => {
    const { passkey, headers } = await addMemberPasskey({
      headers: request.headers,
      response: input.response,
      name: input.name,
    });
    forwardCookies(headers);
    return { passkey };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
