import { z } from "zod";
import { STAFF_ROLES } from "../../staff-roles";
import { password } from "../auth/password";
import { emailAddress, noControl, notAllowedCharacters, requiredText } from "../fields";
import { serialId } from "../serial-id";

const INVALID_EMAIL = "Please enter a valid email address";
const role = () => z.enum(STAFF_ROLES, { message: "Choose owner, admin, editor or support." });
const invitationId = serialId("Unknown invitation");

/**
 * The Staff page's forms, by `intent`: change a staff member's role or take it away
 * ("none"); invite someone by email; revoke or resend an open invitation. A body without an
 * intent is a role change, as the page's first form sent it. The same schema runs in the browser
 * and on the server.
 */
export const staffRoleSchema = z.object({
  email: emailAddress(INVALID_EMAIL),
  role: z
    .enum([...STAFF_ROLES, "none"], { message: "Choose owner, admin, editor, support or no role." })
    .transform((r) => (r === "none" ? null : r)),
});
export type StaffRoleInput = z.output<typeof staffRoleSchema>;

export const inviteStaffSchema = z.object({ email: emailAddress(INVALID_EMAIL), role: role() });

export const staffPageSchema = z.preprocess(
  (body) => (body && typeof body === "object" && !("intent" in body) ? { ...body, intent: "role" } : body),
  z.discriminatedUnion(
    "intent",
    [
      staffRoleSchema.extend({ intent: z.literal("role") }),
      inviteStaffSchema.extend({ intent: z.literal("invite") }),
      z.object({ intent: z.literal("revoke"), id: invitationId }),
      z.object({ intent: z.literal("resend"), id: invitationId }),
    ],
    { message: "Unknown change" },
  ),
);

/** The invitation page (/staff-invitation): accept as the signed-in account, or open a new one. */
const invitationToken = z.string().min(1).max(200).refine(noControl(), "This invitation link is not valid.");

export const acceptInvitationSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("accept"), token: invitationToken }),
    z
      .object({
        intent: z.literal("create"),
        token: invitationToken,
        firstName: requiredText("First name", 100),
        lastName: requiredText("Last name", 100),
        password: password(),
        confirm: z.string().refine(noControl(), notAllowedCharacters("Password")),
      })
      .refine((v) => v.password === v.confirm, { message: "Passwords don't match", path: ["confirm"] }),
  ],
  { message: "Unknown answer" },
);
