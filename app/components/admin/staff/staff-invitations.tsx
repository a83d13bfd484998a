import * as React from "react";
import { NativeSelect } from "~/components/admin/list/native-select";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatDateTime } from "~/lib/dates";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/lib/staff-roles";
import { inviteStaffSchema } from "~/lib/validation/admin/staff";
import type { StaffInvitationView } from "~/lib/view-types/admin/staff";

type InvitationAnswer = ActionAnswer<{
  kind: "invite" | "revoke" | "resend";
  email: string;
  role?: StaffRole;
  sent: boolean;
}>;

const NOT_SENT = "The invitation is saved, but its email could not be sent just now. Use “Resend” in a moment.";

/** Owners invite by email and role; the link in the email works 72 hours, once. */
export function InviteStaffForm() {
  // Mistakes the browser finds show under their fields only; the server's refusal is a toast as well.
  const invite = useForm({
    initial: { email: "", role: "editor" },
    refusal: ({ error }) => error !== undefined && toast.error("Invitation not sent", { description: error }),
  });
  const { values, errors } = invite;
  const { submit, busy } = useStaffAction<InvitationAnswer>((answer) => {
    if (!answer.ok) return invite.refuse(answer);
    invite.reset();
    if (answer.sent)
      toast.success("Invitation sent", { description: `${answer.email} can accept it within 72 hours.` });
    else toast.error("Invitation not emailed", { description: NOT_SENT });
  });
  const body = { intent: "invite", email: values.email, role: values.role };

  // The names and the method stay: without JavaScript the browser posts the same form itself.
  return (
    <form
      method="post"
      onSubmit={invite.submit(inviteStaffSchema, () => void submit(body), body)}
      noValidate
      className="grid max-w-2xl gap-4 rounded-xl border p-4 sm:grid-cols-[1fr_auto_auto] sm:items-start"
      aria-label="Invite staff"
    >
      <input type="hidden" name="intent" value="invite" />
      <FormField
        id="invite-email"
        label="Email"
        error={errors.email}
        hint="An existing account is promoted; anyone else opens an account from the link."
      >
        <Input
          id="invite-email"
          name="email"
          type="email"
          autoComplete="off"
          {...invite.field("email")}
          aria-describedby={errors.email ? "invite-email-error" : undefined}
        />
      </FormField>
      <FormField id="invite-role" label="Role" error={errors.role}>
        <NativeSelect
          id="invite-role"
          name="role"
          value={values.role}
          onChange={(event) => invite.setValue("role", event.target.value)}
          className="w-auto"
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" className="sm:mt-[1.375rem]" disabled={busy}>
        {busy ? "Sending…" : "Send invitation"}
      </Button>
    </form>
  );
}

/**
 * Invitations waiting for an answer: role, who invited, expiry; resend or revoke. One action for
 * the list, kept mounted while rows come and go: a revoked row leaves the page, its answer (the
 * toast) must still be read.
 */
export function PendingInvitations({
  invitations,
  canWrite,
}: {
  invitations: StaffInvitationView[];
  canWrite: boolean;
}) {
  const [revoking, setRevoking] = React.useState<StaffInvitationView | null>(null);
  const { submit: send, busy } = useStaffAction<InvitationAnswer>((answer) => {
    setRevoking(null);
    if (!answer.ok) toast.error("Invitation not changed", { description: answer.error });
    else if (answer.kind === "revoke")
      toast.success("Invitation revoked", { description: `The link sent to ${answer.email} no longer works.` });
    else if (answer.sent)
      toast.success("Invitation sent again", {
        description: `A new link went to ${answer.email}; the old one no longer works.`,
      });
    else toast.error("Invitation not emailed", { description: NOT_SENT });
  });
  const submit = (intent: "revoke" | "resend", id: number) => void send({ intent, id: String(id) });
  return (
    <>
      {invitations.length > 0 ? (
        <section aria-labelledby="pending-invitations" className="grid gap-3">
          <h2 id="pending-invitations" className="text-lg font-semibold">
            Pending invitations
          </h2>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Invited by</TableHead>
                <TableHead>Expires</TableHead>
                {canWrite ? (
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {invitations.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell className="font-medium">{invitation.email}</TableCell>
                  <TableCell label="Role">{ROLE_LABELS[invitation.role]}</TableCell>
                  <TableCell label="Invited by">{invitation.invitedBy}</TableCell>
                  <TableCell label="Expires">
                    {invitation.expired ? (
                      <Badge variant="outline">Expired</Badge>
                    ) : (
                      formatDateTime(invitation.expiresAt)
                    )}
                  </TableCell>
                  {canWrite ? (
                    <TableCell>
                      <div className="flex flex-wrap gap-2">
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          onClick={() => submit("resend", invitation.id)}
                        >
                          Resend<span className="sr-only">{` the invitation of ${invitation.email}`}</span>
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          disabled={busy}
                          onClick={() => setRevoking(invitation)}
                        >
                          Revoke<span className="sr-only">{` the invitation of ${invitation.email}`}</span>
                        </Button>
                      </div>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !busy && !open && setRevoking(null)}
        title="Revoke this invitation?"
        description={<>The link sent to {revoking?.email} stops working at once. You can invite them again later.</>}
        cancel="Keep it"
        confirm="Revoke invitation"
        destructive
        busy={busy}
        onConfirm={() => revoking && submit("revoke", revoking.id)}
      />
    </>
  );
}
