import { z } from "zod";
import { noControl } from "../fields";

/**
 * Signed-in devices: sign out one device (by its session id, checked against the
 * member's own sessions on the server) or every device but this one.
 */
export const revokeSessionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("revoke"),
      sessionId: z
        .string({ message: "Choose a device." })
        .trim()
        .min(1, "Choose a device.")
        .max(200, "Choose a device.")
        .refine(noControl(), "Choose a device."),
    }),
    z.object({ intent: z.literal("revoke-others") }),
  ],
  { message: "Choose what to sign out." },
);
export type RevokeSessionInput = z.infer<typeof revokeSessionSchema>;
