import { MailCheckIcon } from "lucide-react";
import * as React from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { useForm, type Refusal } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
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
  run: async ({ input, clientIp }) => {
    await requestPasswordReset({ db: getDb(), email: input.email, clientIp, siteUrl: getPublicOrigin() });
    // The same answer whether or not the address has an account.
    return {};
  },
});

function announce({ error, fieldErrors }: Refusal) {
  if (fieldErrors.email) toast.error("Invalid email", { description: "Please enter a valid email address" });
  else toast.error("Reset failed", { description: error || "Failed to send reset email. Please try again." });
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [sent, setSent] = React.useState(false);

  useForm({ answer: result, refusal: announce });

  React.useEffect(() => {
    if (!result?.ok) return;
    setSent(true);
    toast.success("Check your email", {
      description: "We've sent you a password reset link. Please check your inbox.",
    });
  }, [result]);

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
      {sent ? (
        <div className="grid gap-4 rounded-xl border p-6 text-center" role="status">
          <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
          <p className="text-lg font-semibold">Check your email</p>
          <p className="text-muted-foreground">We&apos;ve sent you a password reset link. Please check your inbox.</p>
          <Button variant="outline" onClick={() => setSent(false)}>
            Send Another Link
          </Button>
          <Button asChild variant="link">
            <Link to="/signin">Back to Sign In</Link>
          </Button>
        </div>
      ) : (
        <Form method="post" className="grid gap-5" noValidate>
          <FormField id="email" label="Email">
            <Input id="email" name="email" type="email" autoComplete="email" required />
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
