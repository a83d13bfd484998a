import { MailCheckIcon } from "lucide-react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { failureOf, FormAlert, refusalText } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { ActionFailure } from "~/lib/action-answer";
import { seoMeta } from "~/lib/meta";
import { forgotPasswordSchema } from "~/lib/validation/auth/auth";
import { requestPasswordReset } from "#server/auth/accounts/request-password-reset";
import { getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Forgot password",
    description: "Get a link to reset your password.",
    noindex: true,
  });

export const action = defineAction({
  schema: forgotPasswordSchema,
  // A page posted without JavaScript comes back with the address filled in.
  echo: ["email"],
  run: async ({ input, clientIp }) => {
    await requestPasswordReset({ db: getDb(), email: input.email, clientIp, siteUrl: getPublicOrigin() });
    // The same answer whether or not the address has an account.
    return {};
  },
});

/** The refusal's one alert: an address that is no address, or why no link was sent (a rate limit says when to try again). */
function Refusal({ failure }: { failure: ActionFailure }) {
  if (failure.fieldErrors?.email)
    return (
      <FormAlert id="forgot-error" title="Invalid email">
        Please enter a valid email address
      </FormAlert>
    );
  return (
    <FormAlert id="forgot-error" title="Reset failed">
      {refusalText(failure, "Failed to send reset email. Please try again.")}
    </FormAlert>
  );
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // The answer is the page itself (the panel below, or the alert), rendered on the server too, so
  // it shows without JavaScript; no toast repeats it.
  const failure = failureOf(result);
  // A reset link that is used or expired sends the member here (the reset page's loader), to say so once.
  const [params] = useSearchParams();
  const expired = params.get("link") === "expired";

  return (
    <AuthShell
      title="Forgot password"
      description="Enter the email of your account and we'll send you a link to choose a new password."
      side={
        <aside className="h-fit space-y-4 rounded-xl border bg-muted/40 p-6 text-sm lg:mt-24">
          <p className="font-semibold">Tips</p>
          <p className="text-muted-foreground">Can&apos;t find the email? Check your spam or junk folder.</p>
          <p className="text-muted-foreground">The link expires in 1 hour and works once.</p>
        </aside>
      }
    >
      {result?.ok ? (
        <div className="grid gap-4 rounded-xl border p-6 text-center" role="status">
          <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
          <p className="text-lg font-semibold">Check your email</p>
          <p className="text-muted-foreground">We&apos;ve sent you a password reset link. Please check your inbox.</p>
          {/* Asking for the page again starts over (a navigation drops the answer), with or without JavaScript. */}
          <Form method="get" action="/forgot-password" className="grid">
            <Button type="submit" variant="outline">
              Send Another Link
            </Button>
          </Form>
          <Button asChild variant="link">
            <Link to="/signin">Back to Sign In</Link>
          </Button>
        </div>
      ) : (
        <Form method="post" className="grid gap-5" noValidate>
          {failure ? (
            <Refusal failure={failure} />
          ) : expired ? (
            <FormAlert id="forgot-error" title="Invalid or expired link">
              Please request a new password reset link.
            </FormAlert>
          ) : null}
          <FormField id="email" label="Email">
            <Input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={failure?.values?.email}
              required
              aria-invalid={Boolean(failure?.fieldErrors?.email) || undefined}
              aria-describedby={failure || expired ? "forgot-error" : undefined}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Sending..." : "Send Reset Link"}
          </Button>
          <Link to="/signin" className="text-center text-sm text-primary underline-offset-4 hover:underline">
            Back to Sign In
          </Link>
        </Form>
      )}
    </AuthShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
// A rate-limited form posted without JavaScript gets its page with Retry-After as well.
export { pageHeaders as headers } from "#server/http/action";
