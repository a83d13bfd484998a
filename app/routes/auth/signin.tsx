import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { failureOf, FormAlert, refusalText } from "~/components/auth/form-alert";
import { PasskeySignIn } from "~/components/auth/passkey-sign-in";
import { PasswordInput } from "~/components/auth/password-input";
import { StoredCartField } from "~/components/cart/stored-cart-field";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { seoMeta } from "~/lib/meta";
import { signInFormSchema } from "~/lib/validation/auth/sign-in";
import { signInMember } from "#server/auth/accounts/sign-in-member";
import { getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { redirectSignedIn } from "#server/http/auth-actions";
import { flashToastCookie } from "#server/http/flash";
import { keepSignInCart } from "#server/orders/keep-sign-in-cart";
import type { Route } from "./+types/signin";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Sign in", description: "Sign in to your member dashboard.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedIn(
    request,
    safeRedirect(new URL(request.url).searchParams.get("redirectTo"), { siteOrigin: getPublicOrigin() }),
  );
  return null;
}

export const action = defineAction({
  schema: signInFormSchema,
  // A page posted without JavaScript comes back with the address filled in (never the password).
  echo: ["email"],
  run: async ({ input, clientIp, request, forwardCookies }) => {
    const { headers, twoFactorRequired, userId } = await signInMember({
      db: getDb(),
      email: input.email,
      password: input.password,
      clientIp,
      headers: request.headers,
    });
    forwardCookies(headers);
    // Two-factor on: the second screen asks for the code, then goes on to redirectTo.
    if (twoFactorRequired) {
      return redirect(
        `/signin/two-factor?redirectTo=${encodeURIComponent(safeRedirect(input.redirectTo, { siteOrigin: getPublicOrigin() }))}`,
      );
    }
    // The plans chosen before signing in join the cart kept with the account. Not before a second
    // factor is passed: the password alone does not reach the account.
    await keepSignInCart({ db: getDb(), userId, cart: input.cart, couponCode: input.cartCoupon, clientIp });
    // The toast "Welcome back!" / "You've successfully signed in." after the redirect.
    forwardCookies(flashToastCookie({ title: "Welcome back!", description: "You've successfully signed in." }));
    return redirect(safeRedirect(input.redirectTo, { siteOrigin: getPublicOrigin() }));
  },
});

export default function SignIn() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/signin") === true;
  // Field problems show at their fields; any other refusal once, in the alert above the form.
  const { errors } = useForm({ answer: result, refusal: "inline" });
  const failure = failureOf(result);
  const refused = failure && !failure.fieldErrors ? failure : undefined;

  return (
    <AuthShell title="Sign in" description="Welcome back. Sign in to manage your subscriptions and Telegram access.">
      <Form method="post" className="grid gap-5" noValidate>
        {refused ? (
          <FormAlert id="signin-error" title="Sign in failed">
            {refusalText(refused, "Invalid email or password")}
          </FormAlert>
        ) : null}
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <StoredCartField />
        <FormField id="email" label="Email" error={errors.email}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="username webauthn"
            defaultValue={failure?.values?.email}
            required
            aria-invalid={Boolean(errors.email) || undefined}
            aria-describedby={refused ? "signin-error" : undefined}
          />
        </FormField>
        <FormField id="password" label="Password" error={errors.password}>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="current-password"
            required
            aria-invalid={Boolean(errors.password) || undefined}
            aria-describedby={refused ? "signin-error" : undefined}
          />
        </FormField>
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
            Forgot Password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Signing in..." : "Continue"}
        </Button>
        <PasskeySignIn redirectTo={params.get("redirectTo") ?? ""} />
        <Button asChild variant="outline" size="lg">
          <Link
            to={
              params.get("redirectTo")
                ? `/signin/code?redirectTo=${encodeURIComponent(params.get("redirectTo")!)}`
                : "/signin/code"
            }
          >
            Email me a sign-in code
          </Link>
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Don&apos;t have an account?{" "}
          <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      </Form>
    </AuthShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
// A rate-limited form posted without JavaScript gets its page with Retry-After as well.
export { pageHeaders as headers } from "#server/http/action";
