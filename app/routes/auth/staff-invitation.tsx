import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordInput } from "~/components/auth/password-input";
import { useForm } from "~/components/forms/use-form";
import { useLazySchema } from "~/components/forms/use-lazy-schema";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatDateTime } from "~/lib/dates";
import { seoMeta } from "~/lib/meta";
import { ROLE_LABELS } from "~/lib/staff-roles";
import { acceptInvitationSchema } from "~/lib/validation/admin/staff";
import { PASSWORD_HINT } from "~/lib/validation/auth/password-policy";
import { getSignedInAccount } from "#server/auth/accounts/session";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { flashToastCookie } from "#server/http/flash";
import { AppError } from "#server/lib/errors";
import { clientAddressKey } from "#server/security/client-address";
import { acceptStaffInvitation } from "#server/staff/staff/invitations/accept-staff-invitation";
import { acceptStaffInvitationAsNewAccount } from "#server/staff/staff/invitations/accept-staff-invitation-new-account";
import { findStaffInvitation } from "#server/staff/staff/invitations/find-staff-invitation";
import { invitationMessages } from "#server/staff/staff/invitations/invitation-messages";
import type { Route } from "./+types/staff-invitation";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({ matches, location, title: "Staff invitation", description: "Join the back office.", noindex: true });

/**
 * The page an invitation email links to. Public, since /admin answers 404 to
 * anyone not yet staff: it says what became of a dead link, asks the account of the invited
 * address to accept, or lets a person without an account choose a name and a password.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await findStaffInvitation({ db: getDb(), token });
  if (found.state !== "open") return { token, state: found.state, message: invitationMessages[found.state] };
  const { account } = await getSignedInAccount(request);
  return {
    token,
    state: found.state,
    email: found.email,
    role: found.role,
    invitedBy: found.invitedBy,
    expiresAt: found.expiresAt.toISOString(),
    accountExists: found.accountExists,
    signedInAs: account?.email ?? null,
  };
}

export const action = defineAction({
  schema: acceptInvitationSchema,
  // Tokens are 256-bit, so guessing is hopeless anyway; the limit keeps a flood of tries (each
  // hashing a password when it opens an account) from costing the server.
  rateLimit: ({ clientIp }) => ({
    key: clientAddressKey("staff-invitation", clientIp),
    limit: 20,
    windowSeconds: 15 * 60,
  }),
  refuseInput: (error) =>
    error.issues[0]?.path[0] === "token" ? new AppError("NOT_FOUND", invitationMessages.unknown) : undefined,
  run: async ({ input, request, forwardCookies }) => {
    if (input.intent === "accept") {
      const { account } = await getSignedInAccount(request);
      const accepted = await acceptStaffInvitation({
        db: getDb(),
        token: input.token,
        accountId: account?.userId ?? null,
      });
      // The role change ended the account's sessions: signing in again starts one as staff.
      forwardCookies(
        flashToastCookie({
          title: `You are now ${ROLE_LABELS[accepted.role]}`,
          description: "Sign in again to open the back office.",
        }),
      );
      return redirect("/signin?redirectTo=%2Fadmin");
    }
    const created = await acceptStaffInvitationAsNewAccount({
      db: getDb(),
      token: input.token,
      firstName: input.firstName,
      lastName: input.lastName,
      password: input.password,
      headers: request.headers,
    });
    if (!created.headers) return redirect("/signin?redirectTo=%2Fadmin");
    forwardCookies(created.headers);
    // Staff need two-factor sign-in before /admin opens (server/http/staff-guard.ts): straight there.
    forwardCookies(
      flashToastCookie({
        title: `Welcome aboard, ${ROLE_LABELS[created.role]}`,
        description: "Turn on two-factor sign-in below; then the back office opens.",
      }),
    );
    return redirect("/dashboard?section=user-info");
  },
});

export default function StaffInvitation() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failed = answer && !answer.ok ? answer : null;
  if (data.state !== "open") {
    return (
      <AuthShell title="Invitation not valid" description={data.message} side={null}>
        <Button asChild>
          <Link to="/signin">Sign in</Link>
        </Button>
      </AuthShell>
    );
  }
  const role = ROLE_LABELS[data.role!];
  const description = `${data.invitedBy} invites ${data.email} to the back office as ${role}. The link works until ${formatDateTime(data.expiresAt!)}.`;
  const back = `/staff-invitation?token=${encodeURIComponent(data.token)}`;
  return (
    <AuthShell title="Join the back office" description={description} side={null}>
      {failed ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {failed.error}
        </p>
      ) : null}
      {data.accountExists ? (
        data.signedInAs?.toLowerCase() === data.email ? (
          <AcceptForm token={data.token} role={role} />
        ) : data.signedInAs ? (
          <div className="grid gap-4">
            <p>
              You are signed in as <strong>{data.signedInAs}</strong>. This invitation is for{" "}
              <strong>{data.email}</strong>: sign out, then open the link again and sign in with that address.
            </p>
            <Form method="post" action="/logout" reloadDocument>
              <Button type="submit" variant="outline">
                Sign out
              </Button>
            </Form>
          </div>
        ) : (
          <div className="grid gap-4">
            <p>An account with {data.email} exists. Sign in with it, and you come back here to accept.</p>
            <Button asChild>
              <Link to={`/signin?redirectTo=${encodeURIComponent(back)}`}>Sign in to accept</Link>
            </Button>
          </div>
        )
      ) : (
        <NewAccountForm token={data.token} email={data.email!} answer={answer} />
      )}
    </AuthShell>
  );
}

function AcceptForm({ token, role }: { token: string; role: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="token" value={token} />
      <p>Accepting makes your account {role}. You then sign in again, and turn on two-factor sign-in if it is off.</p>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Accepting…" : "Accept the invitation"}
      </Button>
    </Form>
  );
}

// The browser's check of the form, fetched as the reader starts filling it in (zod is most of it).
const loadAcceptSchema = () => import("~/lib/validation/admin/staff").then((m) => m.acceptInvitationSchema);

function NewAccountForm({ token, email, answer }: { token: string; email: string; answer: ActionAnswer | undefined }) {
  const busy = useNavigation().state === "submitting";
  // The page shows the refusal's text above the form; the field messages show here.
  const { errors, check } = useForm({ answer, refusal: "inline" });
  const lazy = useLazySchema(loadAcceptSchema);
  const describe = (id: string) => (errors[id] ? `${id}-error` : undefined);
  return (
    <Form
      method="post"
      className="grid gap-5"
      onFocus={lazy.start}
      onSubmit={check(lazy.schema)}
      noValidate
      aria-label="Open your staff account"
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="token" value={token} />
      <FormField id="invite-account-email" label="Email">
        <Input id="invite-account-email" value={email} readOnly aria-readonly="true" autoComplete="username" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="firstName" label="First name" error={errors.firstName}>
          <Input
            id="firstName"
            name="firstName"
            autoComplete="given-name"
            aria-invalid={Boolean(errors.firstName) || undefined}
            aria-describedby={describe("firstName")}
          />
        </FormField>
        <FormField id="lastName" label="Last name" error={errors.lastName}>
          <Input
            id="lastName"
            name="lastName"
            autoComplete="family-name"
            aria-invalid={Boolean(errors.lastName) || undefined}
            aria-describedby={describe("lastName")}
          />
        </FormField>
      </div>
      <FormField id="password" label="Password" hint={PASSWORD_HINT} error={errors.password}>
        <PasswordInput
          id="password"
          name="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password) || undefined}
          aria-describedby={describe("password")}
        />
      </FormField>
      <FormField id="confirm" label="Confirm password" error={errors.confirm}>
        <PasswordInput
          id="confirm"
          name="confirm"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.confirm) || undefined}
          aria-describedby={describe("confirm")}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Opening your account…" : "Open my staff account"}
      </Button>
    </Form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
