import * as React from "react";
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { failureOf, FormAlert, refusalText } from "~/components/auth/form-alert";
import { StoredCartField } from "~/components/cart/stored-cart-field";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { seoMeta } from "~/lib/meta";
import { signInCodeFormSchema } from "~/lib/validation/auth/sign-in";
import { SIGN_IN_CODE_DIGITS } from "~/lib/validation/auth/sign-in-code";
import { EMAIL_AUTH_MESSAGES } from "#server/auth/email/email-auth-messages";
import { requestSignInCode, SIGN_IN_CODE_RESEND_SECONDS } from "#server/auth/email/request-sign-in-code";
import { signInWithCode } from "#server/auth/email/sign-in-with-code";
import { getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { redirectSignedIn } from "#server/http/auth-actions";
import { flashToastCookie } from "#server/http/flash";
import { keepSignInCart } from "#server/orders/keep-sign-in-cart";
import type { Route } from "./+types/signin.code";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Sign in with a code",
    description: "Sign in with a one-time code sent to your email.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedIn(
    request,
    safeRedirect(new URL(request.url).searchParams.get("redirectTo"), { siteOrigin: getPublicOrigin() }),
  );
  return { resendSeconds: SIGN_IN_CODE_RESEND_SECONDS };
}

/** "send": a code to the address (same answer for every address); "verify": the code signs the member in. */
export const action = defineAction({
  schema: signInCodeFormSchema,
  // A page posted without JavaScript comes back with the address filled in.
  echo: ["email", "intent"],
  run: async ({ input, clientIp, request, forwardCookies }) => {
    const db = getDb();
    if (input.intent === "send") {
      await requestSignInCode({ db, email: input.email, clientIp });
      return { sent: true as const, email: input.email.toLowerCase(), message: EMAIL_AUTH_MESSAGES.codeSent };
    }
    const { headers, userId } = await signInWithCode({
      db,
      email: input.email,
      code: input.code ?? "",
      clientIp,
      headers: request.headers,
    });
    forwardCookies(headers);
    await keepSignInCart({ db, userId, cart: input.cart, couponCode: input.cartCoupon, clientIp });
    // The toast "Welcome back!" / "You've successfully signed in." after the redirect.
    forwardCookies(flashToastCookie({ title: "Welcome back!", description: "You've successfully signed in." }));
    return redirect(safeRedirect(input.redirectTo, { siteOrigin: getPublicOrigin() }));
  },
});

export default function SignInCode({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/signin/code") === true;
  // The address a code went to: the second step (code, resend) shows while it is set.
  // A wrong code posted without JavaScript comes back on the second step, with its address.
  const [step, setStep] = React.useState<string | null>(() =>
    result?.ok ? result.email : result?.values?.intent === "verify" ? (result.values.email ?? null) : null,
  );
  const [wait, setWait] = React.useState(0);
  // Field problems show at their fields; any other refusal once, in the alert above the form.
  const { errors } = useForm({ answer: result, refusal: "inline" });
  const failure = failureOf(result);
  const refused = failure && !failure.fieldErrors ? failure : undefined;
  const alert = refused ? (
    <FormAlert title="Sign in failed">{refusalText(refused, "Invalid or expired code")}</FormAlert>
  ) : null;

  // The second step's text says where the code went: that is the answer, with no toast besides.
  React.useEffect(() => {
    if (!result?.ok) return;
    setStep(result.email);
    setWait(loaderData.resendSeconds);
  }, [result, loaderData.resendSeconds]);

  React.useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const redirectTo = params.get("redirectTo") ?? "";
  const here = redirectTo ? `/signin/code?redirectTo=${encodeURIComponent(redirectTo)}` : "/signin/code";
  return (
    <AuthShell
      title="Sign in with a code"
      description="We email you a 6-digit code that signs you in once, within 10 minutes."
    >
      {step ? (
        <Form method="post" className="grid gap-5" noValidate>
          {alert}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="email" value={step} />
          <StoredCartField />
          <p className="text-sm text-muted-foreground">
            {EMAIL_AUTH_MESSAGES.codeSent} <strong className="font-medium text-foreground">{step}</strong>
          </p>
          <FormField id="code" label="Sign-in code" error={errors.code}>
            <Input
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={SIGN_IN_CODE_DIGITS}
              required
              autoFocus
              aria-invalid={Boolean(errors.code) || undefined}
            />
          </FormField>
          <Button type="submit" name="intent" value="verify" size="lg" disabled={busy}>
            {busy ? "Signing in..." : "Sign in"}
          </Button>
          <div className="flex items-center justify-between gap-3 text-sm">
            <Button
              type="submit"
              name="intent"
              value="send"
              variant="link"
              className="h-auto p-0"
              disabled={busy || wait > 0}
            >
              {wait > 0 ? `Resend code in ${wait}s` : "Resend code"}
            </Button>
            {/* A link to this page, so it also works without JavaScript (a fresh page has no step). */}
            <Button asChild variant="link" className="h-auto p-0">
              <Link to={here} onClick={() => setStep(null)}>
                Use another email
              </Link>
            </Button>
          </div>
        </Form>
      ) : (
        <Form method="post" className="grid gap-5" noValidate>
          {alert}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="intent" value="send" />
          <FormField id="email" label="Email" error={errors.email}>
            <Input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={failure?.values?.email}
              required
              aria-invalid={Boolean(errors.email) || undefined}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Sending..." : "Email me a sign-in code"}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            <Link
              to={redirectTo ? `/signin?redirectTo=${encodeURIComponent(redirectTo)}` : "/signin"}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign in with your password
            </Link>
          </p>
        </Form>
      )}
    </AuthShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
// A rate-limited form posted without JavaScript gets its page with Retry-After as well.
export { pageHeaders as headers } from "#server/http/action";
