import * as React from "react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/sonner";
import { Textarea } from "~/components/ui/textarea";
import type { ActionAnswer } from "~/lib/action-answer";
import { memberAccountSchema } from "~/lib/validation/admin/member-page";
import type { MemberProfileView } from "~/lib/view-types/admin/members";
import { MemberSection } from "./member-section";

type BanAnswer = ActionAnswer<{ banned: boolean; sessionsEnded: number; removed: number; removalFailed: number }>;

/**
 * Ban (a reason is required, then a confirmation) or unban, for those with `members.write`.
 * Staff accounts are not banned here.
 */
export function MemberBanSection({ profile }: { profile: MemberProfileView }) {
  const [confirming, setConfirming] = React.useState(false);
  const form = useForm<{ reason: string }>({ initial: { reason: "" }, clearOnChange: true, refusal: "Not changed" });
  const { submit, busy } = useStaffAction<BanAnswer>(
    (answer) => {
      setConfirming(false);
      if (!answer.ok) return form.refuse(answer);
      form.reset({ reason: "" });
      toast.success(profile.banned ? "Member unbanned" : "Member banned", {
        description: profile.banned
          ? "They can sign in again."
          : `${answer.sessionsEnded === 1 ? "1 session" : `${answer.sessionsEnded} sessions`} ended; removed from ${answer.removed === 1 ? "1 chat" : `${answer.removed} chats`}.`,
      });
    },
    { action: `/api/admin/members/${encodeURIComponent(profile.id)}/account` },
  );
  const askToBan = form.submit(memberAccountSchema, () => setConfirming(true), {
    intent: "ban",
    reason: form.values.reason,
  });
  if (profile.staffRole) return null;
  return (
    <MemberSection id="member-ban" title={profile.banned ? "Banned" : "Ban"}>
      {profile.banned ? (
        <>
          <p className="text-sm">
            Unbanning lets them sign in again. Subscriptions, sessions and Telegram chats do not come back by
            themselves.
          </p>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
              Unban
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={askToBan} noValidate className="grid gap-2" aria-label="Ban this member">
          <p className="text-sm text-muted-foreground">
            A banned member cannot sign in, is signed out everywhere at once, is never renewed and is removed from every
            Telegram chat.
          </p>
          <FormField id="ban-reason" label="Reason" error={form.errors.reason}>
            <Textarea
              id="ban-reason"
              rows={2}
              {...form.field("reason")}
              aria-describedby={form.errors.reason ? "ban-reason-error" : undefined}
            />
          </FormField>
          <div>
            <Button type="submit" variant="destructive" size="sm">
              Ban member
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={profile.banned ? `Unban ${profile.email}?` : `Ban ${profile.email}?`}
        description={
          profile.banned
            ? "They can sign in again. Nothing else is restored."
            : `Reason: ${form.values.reason.trim()}. They are signed out now and removed from every Telegram chat.`
        }
        confirm={profile.banned ? "Unban" : "Ban member"}
        busyLabel={profile.banned ? "Unbanning…" : "Banning…"}
        busy={busy}
        destructive={!profile.banned}
        onConfirm={() =>
          void submit(profile.banned ? { intent: "unban" } : { intent: "ban", reason: form.values.reason })
        }
      />
    </MemberSection>
  );
}
