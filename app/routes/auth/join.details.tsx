import * as React from "react";
import { Form, Link, redirect, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { CartSummary } from "~/components/auth/cart-summary";
import { ConsentCheckbox } from "~/components/auth/consent-checkbox";
import { failureOf, FormAlert, refusalText } from "~/components/auth/form-alert";
import { joinMissingText } from "~/components/auth/join-missing";
import { PasswordInput } from "~/components/auth/password-input";
import { TelegramUsernameHelp, TelegramUsernameWarning } from "~/components/auth/telegram-username";
import { CouponField } from "~/components/cart/coupon-field";
import { useCartCoupon } from "~/components/cart/use-cart-coupon";
import { usePlanCart } from "~/components/cart/use-plan-cart";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cartFromParam, couponFromState, readCartCoupon } from "~/lib/cart";
import { seoMeta } from "~/lib/meta";
import { joinSchema } from "~/lib/validation/auth/join";
import { PASSWORD_HINT } from "~/lib/validation/auth/password-policy";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { listPublishedPlans } from "#server/content/list-published-plans";
import { checkCouponCode } from "#server/coupons/check-coupon-code";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { redirectSignedIn } from "#server/http/auth-actions";
import { flashToastCookie } from "#server/http/flash";
import { orderSignUpCart } from "#server/orders/order-sign-up-cart";
import { attributeSignUp } from "#server/referrals/attribute-referral";
import type { Route } from "./+types/join.details";

const DASHBOARD = "/dashboard?section=subscriptions";
const ORDER = "/dashboard?section=order";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Enter your details",
    description: "Create your account to start receiving signals.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedIn(request, DASHBOARD);
  // Without scripts /pricing's Next Step brings the cart in the address.
  const cart = cartFromParam(new URL(request.url).searchParams.get("cart"));
  return { plans: await listPublishedPlans({ db: getDb() }), cart };
}

export const action = defineAction({
  schema: joinSchema,
  // A page posted without JavaScript comes back filled in as it was sent, the password aside.
  echo: ["firstName", "lastName", "email", "telegram", "acceptTerms", "acceptRisk", "couponCode"],
  run: async ({ input: { cart, couponCode, ...input }, clientIp, request, forwardCookies }) => {
    const db = getDb();
    // A code refused for this cart says why under its field before any account is made.
    if (cart && couponCode)
      await checkCouponCode({
        db,
        code: couponCode,
        planIds: cart.planIds,
        billingPeriod: cart.billingPeriod,
        clientIp,
      });
    const { userId, headers } = await signUpMember({ db, input, clientIp, headers: request.headers });
    forwardCookies(headers);
    // Through a referral link: attributed to the referrer, and the link's cookie spent.
    for (const cookie of await attributeSignUp({ db, userId, cookieHeader: request.headers.get("cookie") }))
      forwardCookies(cookie);
    if (!cart) return redirect(DASHBOARD);
    // The cart becomes the member's order, priced with the code, and the dashboard opens on it:
    // the amount and how to pay. A refusal leaves Subscriptions showing the kept cart to review,
    // with the refusal's own words, so the new member is not left wondering where the order went.
    const ordered = await orderSignUpCart({ db, userId, cart, couponCode, clientIp });
    if (ordered.outcome === "ordered") return redirect(ORDER);
    if (ordered.outcome === "refused")
      forwardCookies(
        flashToastCookie({ type: "error", title: "Your order was not made", description: reviewCart(ordered.message) }),
      );
    return redirect(DASHBOARD);
  },
});

/** "Already included in All-in-One. Review your cart below.": the refusal ends as a sentence. */
function reviewCart(refusal: string) {
  return `${refusal}${/[.!?]$/.test(refusal) ? "" : "."} Review your cart below.`;
}

const fields = ["firstName", "lastName", "email", "password", "telegram"] as const;
const labels: Record<(typeof fields)[number], string> = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  password: "Password",
  telegram: "Telegram",
};

export default function JoinDetails() {
  const { plans, cart: carried } = useLoaderData<typeof loader>();
  const cart = usePlanCart(plans, { initial: carried });
  const location = useLocation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failure = failureOf(result);
  const sent = failure?.values ?? {};
  // Field problems show at their fields; any other refusal once, in the alert by the button.
  const form = useForm({
    initial: {
      firstName: sent.firstName ?? "",
      lastName: sent.lastName ?? "",
      email: sent.email ?? "",
      password: "",
      telegram: sent.telegram ?? "",
    },
    answer: result,
    refusal: "inline",
  });
  // The code applied on /pricing travels with the cart (navigation state, else this tab's
  // storage) and is checked again here once the cart is restored, to show the discount.
  const coupon = useCartCoupon(cart.items, cart.period, sent.couponCode ?? null);
  const carriedCode = React.useRef<string | null>(undefined);
  const hasItems = cart.items.length > 0;
  const { apply: applyCode } = coupon;
  React.useEffect(() => {
    if (carriedCode.current !== undefined || !hasItems) return;
    carriedCode.current = couponFromState(location.state) ?? readCartCoupon();
    if (carriedCode.current && !sent.couponCode) void applyCode(carriedCode.current);
  }, [hasItems, location.state, sent.couponCode, applyCode]);
  const [terms, setTerms] = React.useState(sent.acceptTerms === "on");
  const [risk, setRisk] = React.useState(sent.acceptRisk === "on");
  const { errors } = form;
  const refused = failure && !failure.fieldErrors ? failure : undefined;
  // Until scripts run the button stays enabled, so the form posts without JavaScript and the
  // server's check answers it; from then on it waits for a complete form and says what is missing.
  const hydrated = useHydrated();
  const missing = hydrated
    ? joinMissingText({ blank: fields.filter((f) => form.values[f].trim() === "").map((f) => labels[f]), terms, risk })
    : null;

  return (
    <AuthShell
      title="Enter your details"
      description="Create your account, then pay from your USDT balance on the dashboard."
      side={<CartSummary plans={plans} initial={carried} coupon={coupon} />}
    >
      <Form method="post" className="grid gap-5" noValidate>
        <input
          type="hidden"
          name="cart"
          value={JSON.stringify({ planIds: cart.items.map((plan) => plan.id), billingPeriod: cart.period })}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="firstName" label="First Name*" error={errors.firstName}>
            <Input id="firstName" name="firstName" autoComplete="given-name" {...form.field("firstName")} />
          </FormField>
          <FormField id="lastName" label="Last Name*" error={errors.lastName}>
            <Input id="lastName" name="lastName" autoComplete="family-name" {...form.field("lastName")} />
          </FormField>
        </div>
        <FormField id="email" label="Email*" error={errors.email}>
          <Input id="email" name="email" type="email" autoComplete="email" {...form.field("email")} />
        </FormField>
        <FormField id="password" label="Password*" error={errors.password}>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="new-password"
            placeholder={PASSWORD_HINT}
            {...form.field("password")}
          />
        </FormField>
        <FormField id="telegram" label="Telegram*" error={errors.telegram} hint={<TelegramUsernameHelp />}>
          <Input id="telegram" name="telegram" autoComplete="off" placeholder="@username" {...form.field("telegram")} />
        </FormField>
        {hasItems ? (
          <CouponField id="couponCode" name="couponCode" coupon={coupon} serverError={errors.couponCode} />
        ) : null}
        <TelegramUsernameWarning />
        <ConsentCheckbox id="acceptTerms" checked={terms} onCheckedChange={setTerms} error={errors.acceptTerms}>
          <span>
            I accept the{" "}
            <Link to="/terms-of-service" className="text-primary underline">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link to="/privacy-policy" className="text-primary underline">
              Privacy Policy
            </Link>
          </span>
        </ConsentCheckbox>
        <ConsentCheckbox id="acceptRisk" checked={risk} onCheckedChange={setRisk} error={errors.acceptRisk}>
          I understand trading is risky and I will only trade with money I can afford to lose
        </ConsentCheckbox>
        {refused ? (
          <FormAlert
            id="join-error"
            title="Sign up failed"
            action={
              "accountExists" in refused && refused.accountExists ? (
                <Link to="/signin" className="font-medium text-primary underline underline-offset-4">
                  Sign in to your account
                </Link>
              ) : null
            }
          >
            {refusalText(refused, "An error occurred during sign up")}
          </FormAlert>
        ) : null}
        <div className="flex gap-3">
          <Button asChild variant="outline" size="lg">
            <Link to="/pricing">Back</Link>
          </Button>
          <Button
            type="submit"
            size="lg"
            className="flex-1"
            disabled={Boolean(missing) || busy}
            aria-describedby={missing ? "join-missing" : undefined}
          >
            {busy ? "Creating Account..." : "Continue to Pay"}
          </Button>
        </div>
        {missing ? (
          <p id="join-missing" className="text-sm text-muted-foreground">
            {missing}
          </p>
        ) : null}
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <Link to="/signin" className="font-medium text-primary underline underline-offset-4">
            Sign in
          </Link>
        </p>
      </Form>
    </AuthShell>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
// A rate-limited form posted without JavaScript gets its page with Retry-After as well.
export { pageHeaders as headers } from "#server/http/action";
