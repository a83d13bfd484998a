import { MailWarningIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import { useDashboard } from "./dashboard-context";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

/** Until the member's address is verified: a banner on every dashboard section, with "Resend". */
export function EmailVerificationBanner() {
  const { profile } = useDashboard();
  const { submit, busy } = useMemberAction<ActionAnswer<{ message: string }>>(
    (answer) => {
      if (answer.ok) toast.success("Email sent", { description: answer.message });
      else toast.error("Email not sent", { description: answer.error });
    },
    { action: "/api/dashboard/email-verification" },
  );
  if (profile.emailVerified) return null;
  return (
    <div
      role="status"
      data-slot="email-verification-banner"
      className={
        "mb-6 flex flex-col gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 " +
        "text-sm sm:flex-row sm:items-center sm:justify-between"
      }
    >
      <p className="flex items-start gap-2">
        <MailWarningIcon className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <span>
          Please verify your email address: we sent a link to{" "}
          <strong className="font-semibold break-all">{profile.email}</strong>. Until then we cannot reset your password
          or change your email.
        </span>
      </p>
      <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => submit({})}>
        {busy ? "Sending..." : "Resend"}
      </Button>
    </div>
  );
}
