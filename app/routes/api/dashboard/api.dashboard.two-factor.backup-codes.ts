import { data } from "react-router";
import { twoFactorPasswordSchema } from "~/lib/validation/auth/two-factor";
import { regenerateBackupCodes } from "#server/auth/two-factor/regenerate-backup-codes";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** New backup codes for the password; the old ones stop working. */
export const action = defineAction({
  access: "member",
  schema: twoFactorPasswordSchema,
  unexpected: "New backup codes could not be made. Please try again.",
  run: async ({ member, input, request }) => {
    const { backupCodes } = await regenerateBackupCodes({
      db: getDb(),
      userId: member.userId,
      password: input.password,
      headers: request.headers,
    });
    return { backupCodes };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
