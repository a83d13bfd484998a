import { z } from "zod";
import { passwordProblem } from "./password-policy";

// The policy itself is zod-free, so a page that shows the hint does not load the schema library.
export { PASSWORD_HINT, PASSWORD_MAX, passwordProblem, passwordRules } from "./password-policy";

export const password = () =>
  z.string({ message: "Password is required" }).superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
