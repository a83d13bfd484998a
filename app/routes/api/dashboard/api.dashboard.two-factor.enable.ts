import { data } from "react-router";
import { twoFactorPasswordSchema } from "~/lib/validation/auth/two-factor";
import { startTwoFactorSetup } from "#server/auth/two-factor/start-two-factor-setup";
import { qrImage } from "#server/dashboard/qr/qr-svg";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";

/** Turn on two-factor, first step: the password; answers the QR code and the secret, shown once. */
export const action = defineAction({
  access: "member",
  schema: twoFactorPasswordSchema,
  unexpected: "Two-factor authentication could not be set up. Please try again.",
  run: async ({ member, input, request }) => {
    const { totpUri, secret } = await startTwoFactorSetup({
      db: getDb(),
      userId: member.userId,
      password: input.password,
      headers: request.headers,
    });
    return { qr: qrImage(totpUri), secret, totpUri };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
