import { z } from "zod";
import { STAFF_ROLES } from "../staff-roles";
import { emailAddress } from "./fields";

/**
 * The Staff page's form (issue #16): give an account a role, change it, or take it away
 * ("none"), by email. The same schema runs in the browser and on the server.
 */
export const staffRoleSchema = z.object({
  email: emailAddress("Please enter a valid email address"),
  role: z
    .enum([...STAFF_ROLES, "none"], { message: "Choose owner, admin, editor, support or no role." })
    .transform((role) => (role === "none" ? null : role)),
});
export type StaffRoleInput = z.output<typeof staffRoleSchema>;
