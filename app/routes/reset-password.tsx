import * as React from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigate, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordInput } from "~/components/auth/password-input";
import { useForm, type Refusal } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/sonner";
import { seoMeta } from "~/lib/meta";
import { INVALID_LINK, resetPasswordSchema } from "~/lib/validation/auth/auth";
import { PASSWORD_HINT, passwordProblem } from "~/lib/validation/auth/password";
import { isResetTokenValid, resetMemberPassword } from "#server/auth/accounts/reset-member-password";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { flashToastCookie } from "#server/http/flash";
import { AppError } from "#server/lib/errors";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Reset password", description: "Choose a new password.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isResetTokenValid({ db: getDb(), token }) };
}

export const action = defineAction({
  schema: resetPasswordSchema,
  // A missing or malformed token is the dead-link answer, not a field problem.
  refuseInput: (error) => (error.issues[0]?.path[0] === "token" ? new AppError("VALIDATION", INVALID_LINK) : undefined),
  run: async ({ input, clientIp, forwardCookies }) => {
    await resetMemberPassword({ db: getDb(), token: input.token, password: input.password, clientIp });
    // Every session of the member has ended; they sign in again with the new password.
    forwardCookies(flashToastCookie({ title: "Password updated!" }));
    return redirect("/signin");
  },
});

function announce({ error = "", fieldErrors }: Refusal) {
  if (fieldErrors.confirm !== undefined)
    toast.error("Passwords don't match", { description: "Please make sure both passwords are the same." });
  else if (error === INVALID_LINK)
    toast.error("Invalid or expired link", { description: "Please request a new password reset link." });
  else if (error.startsWith("Password must")) toast.error("Weak password", { description: error });
  else toast.error("Reset failed", { description: error || "Failed to reset password. Please try again." });
}

export default function ResetPassword() {
  const { token, valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state === "submitting";

  React.useEffect(() => {
    if (valid) return;
    toast.error("Invalid or expired link", { description: "Please request a new password reset link." });
    const timer = setTimeout(() => navigate("/forgot-password"), 2500);
    return () => clearTimeout(timer);
  }, [valid, navigate]);

  useForm({ answer: result, refusal: announce });

  // Checked in the browser first (same rules as the server), so mistakes need no round trip.
  function check(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) {
      event.preventDefault();
      announce({ fieldErrors: { confirm: "Passwords don't match" } });
      return;
    }
    const problem = passwordProblem(password);
    if (problem) {
      event.preventDefault();
      announce({ error: problem, fieldErrors: {} });
    }
  }

  if (!valid) {
    return (
      <AuthShell title="Invalid or expired link" description="Please request a new password reset link." side={null}>
        <Button asChild>
          <Link to="/forgot-password">Request a new link</Link>
        </Button>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Reset password" description="Choose a new password for your account." side={null}>
      <Form method="post" className="grid gap-5" onSubmit={check} noValidate>
        <input type="hidden" name="token" value={token} />
        <FormField id="password" label="New password" hint={PASSWORD_HINT}>
          <PasswordInput id="password" name="password" autoComplete="new-password" required />
        </FormField>
        <FormField id="confirm" label="Confirm password">
          <PasswordInput id="confirm" name="confirm" autoComplete="new-password" required />
        </FormField>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Resetting..." : "Reset Password"}
        </Button>
        <Link to="/signin" className="text-center text-sm text-primary underline-offset-4 hover:underline">
          Back to Sign In
        </Link>
      </Form>
    </AuthShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
