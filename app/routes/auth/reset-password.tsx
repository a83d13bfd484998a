import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { failureOf, FormAlert, refusalText } from "~/components/auth/form-alert";
import { PasswordInput } from "~/components/auth/password-input";
import { useForm, type Refusal } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import type { ActionFailure } from "~/lib/action-answer";
import { seoMeta } from "~/lib/meta";
import { INVALID_LINK, resetPasswordSchema } from "~/lib/validation/auth/auth";
import { PASSWORD_HINT } from "~/lib/validation/auth/password-policy";
import { isResetTokenValid, resetMemberPassword } from "#server/auth/accounts/reset-member-password";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { flashToastCookie } from "#server/http/flash";
import { AppError } from "#server/lib/errors";
import type { Route } from "./+types/reset-password";

/** Where a dead link sends the member: the page that sends a new one, saying why they are there. */
const EXPIRED = "/forgot-password?link=expired";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Reset password", description: "Choose a new password.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // A dead link is answered by the server, so it says so once and moves on without JavaScript too.
  if (!(await isResetTokenValid({ db: getDb(), token }))) throw redirect(EXPIRED);
  return { token };
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

/** The refusal's one alert, worded per cause; the field it is about points to it. */
function RefusalAlert({ refusal, failure }: { refusal: Refusal; failure?: ActionFailure }) {
  const { error = "", fieldErrors } = refusal;
  if (fieldErrors.confirm)
    return (
      <FormAlert id="reset-error" title="Passwords don't match">
        Please make sure both passwords are the same.
      </FormAlert>
    );
  if (fieldErrors.password)
    return (
      <FormAlert id="reset-error" title="Weak password">
        {fieldErrors.password}
      </FormAlert>
    );
  if (error === INVALID_LINK)
    return (
      <FormAlert
        id="reset-error"
        title="Invalid or expired link"
        action={
          <Link to="/forgot-password" className="font-medium text-primary underline underline-offset-4">
            Request a new link
          </Link>
        }
      >
        Please request a new password reset link.
      </FormAlert>
    );
  return (
    <FormAlert id="reset-error" title="Reset failed">
      {failure ? refusalText(failure, "Failed to reset password. Please try again.") : error}
    </FormAlert>
  );
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Checked in the browser first with the server's own schema, so mistakes need no round trip;
  // either way the refusal shows once, in the alert.
  const form = useForm({ answer: result, refusal: "inline" });
  const fieldErrors = Object.fromEntries(Object.entries(form.errors).filter(([, message]) => message));
  const refused = form.error !== undefined || Object.keys(fieldErrors).length > 0;
  const failure = failureOf(result);

  return (
    <AuthShell title="Reset password" description="Choose a new password for your account." side={null}>
      <Form method="post" className="grid gap-5" onSubmit={form.check(resetPasswordSchema)} noValidate>
        {refused ? (
          <RefusalAlert
            refusal={{ error: form.error, fieldErrors }}
            failure={failure?.error === form.error ? failure : undefined}
          />
        ) : null}
        <input type="hidden" name="token" value={token} />
        <FormField id="password" label="New password" hint={PASSWORD_HINT}>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="new-password"
            required
            aria-invalid={Boolean(fieldErrors.password) || undefined}
            aria-describedby={fieldErrors.password ? "reset-error" : undefined}
          />
        </FormField>
        <FormField id="confirm" label="Confirm password">
          <PasswordInput
            id="confirm"
            name="confirm"
            autoComplete="new-password"
            required
            aria-invalid={Boolean(fieldErrors.confirm) || undefined}
            aria-describedby={fieldErrors.confirm ? "reset-error" : undefined}
          />
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
// A rate-limited form posted without JavaScript gets its page with Retry-After as well.
export { pageHeaders as headers } from "#server/http/action";
