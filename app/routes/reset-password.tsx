import * as React from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigate, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { FormField } from "~/components/auth/form-field";
import { PasswordInput } from "~/components/auth/password-input";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import { seoMeta } from "~/lib/meta";
import { PASSWORD_HINT, passwordProblem } from "~/lib/validation/password";
import { isResetTokenValid, resetMemberPassword } from "#server/auth/reset-member-password";
import { getDb } from "#server/db/client";
import { flashToastCookie } from "#server/http/flash";
import { failure, readBody } from "#server/http/responses";
import { AppError } from "#server/lib/errors";
import { assertSameOrigin } from "#server/security/origin";
import { INVALID_LINK, resetPasswordSchema } from "~/lib/validation/auth";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Reset password", description: "Choose a new password.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isResetTokenValid({ db: getDb(), token }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    assertSameOrigin(request);
    const parsed = resetPasswordSchema.safeParse(await readBody(request));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      if (issue.path[0] === "token") throw new AppError("VALIDATION", INVALID_LINK);
      return { ok: false as const, error: issue.message, mismatch: issue.path[0] === "confirm" };
    }
    await resetMemberPassword({ db: getDb(), token: parsed.data.token, password: parsed.data.password, clientIp: context.clientIp });
    // Every session of the member has ended; they sign in again with the new password.
    return redirect("/signin", { headers: { "Set-Cookie": flashToastCookie({ title: "Password updated!" }) } });
  } catch (error) {
    return failure(error);
  }
}

function announce(error: string, mismatch?: boolean) {
  if (mismatch) toast.error("Passwords don't match", { description: "Please make sure both passwords are the same." });
  else if (error === INVALID_LINK) toast.error("Invalid or expired link", { description: "Please request a new password reset link." });
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

  React.useEffect(() => {
    if (result && !result.ok) announce(result.error, "mismatch" in result ? result.mismatch : false);
  }, [result]);

  // Checked in the browser first (same rules as the server), so mistakes need no round trip.
  function check(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) {
      event.preventDefault();
      announce("", true);
      return;
    }
    const problem = passwordProblem(password);
    if (problem) {
      event.preventDefault();
      announce(problem);
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
