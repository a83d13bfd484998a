import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { failureOf, refusalText } from "~/components/auth/form-alert";
import { StoredCartField } from "~/components/cart/stored-cart-field";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { seoMeta } from "~/lib/meta";
import { twoFactorSignInFormSchema } from "~/lib/validation/auth/sign-in";
import { hasSignInChallenge, verifyTwoFactorSignIn } from "#server/auth/two-factor/verify-two-factor-sign-in";
import { getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { redirectSignedIn } from "#server/http/auth-actions";
import { flashToastCookie } from "#server/http/flash";
import { keepSignInCart } from "#server/orders/keep-sign-in-cart";
import type { Route } from "./+types/signin.two-factor";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Two-factor sign in",
    description: "Enter the code from your authenticator app.",
    noindex: true,
  });

/** The second sign-in step: only after the password step left its challenge cookie. */
export async function loader({ request }: Route.LoaderArgs) {
  const target = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), { siteOrigin: getPublicOrigin() });
  await redirectSignedIn(request, target);
  if (!hasSignInChallenge(request.headers)) throw redirect(`/signin?redirectTo=${encodeURIComponent(target)}`);
  return null;
}

export const action = defineAction({
  schema: twoFactorSignInFormSchema,
  run: async ({ input, clientIp, request, forwardCookies }) => {
    // As the page does: a browser already signed in goes on (its session is never the one checked).
    await redirectSignedIn(request, safeRedirect(input.redirectTo, { siteOrigin: getPublicOrigin() }));
    const db = getDb();
    const { headers, userId } = await verifyTwoFactorSignIn({
      db,
      code: input.code,
      trustDevice: input.trustDevice,
      clientIp,
      headers: request.headers,
    });
    forwardCookies(headers);
    // The password step kept no cart: the second factor is what reaches the account.
    await keepSignInCart({ db, userId, cart: input.cart, couponCode: input.cartCoupon, clientIp });
    // The toast "Welcome back!" / "You've successfully signed in." after the redirect.
    forwardCookies(flashToastCookie({ title: "Welcome back!", description: "You've successfully signed in." }));
    return redirect(safeRedirect(input.redirectTo, { siteOrigin: getPublicOrigin() }));
  },
});

export default function TwoFactorSignIn() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/signin/two-factor") === true;
  const form = useForm({ answer: result, refusal: "inline" });
  // Every refusal is about the code, so it shows once, under the field (an alert); a lock says when to try again.
  const failure = failureOf(result);
  const error = form.errors.code ?? (failure ? refusalText(failure, "Sign in failed") : undefined);
  const redirectTo = params.get("redirectTo") ?? "";

  return (
    <AuthShell
      title="Two-factor authentication"
      description="Enter the 6-digit code from your authenticator app, or one of your backup codes."
    >
      <Form method="post" className="grid gap-5" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <StoredCartField />
        <FormField id="code" label="Code" error={error}>
          <Input
            id="code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            required
            maxLength={32}
            placeholder="123456 or abcde-12345"
            aria-invalid={Boolean(error) || undefined}
          />
        </FormField>
        <div className="flex items-center gap-2">
          <NativeCheckbox id="trustDevice" name="trustDevice" />
          <Label htmlFor="trustDevice" className="font-normal">
            Trust this device for 30 days
          </Label>
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Verifying..." : "Verify"}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Lost your device? Use one of your backup codes.{" "}
          <Link
            to={`/signin${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to sign in
          </Link>
        </p>
      </Form>
    </AuthShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
// A rate-limited form posted without JavaScript gets its page with Retry-After as well.
export { pageHeaders as headers } from "#server/http/action";
