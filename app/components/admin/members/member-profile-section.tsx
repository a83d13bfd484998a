import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "~/lib/dates";
import type { MemberProfileView } from "~/lib/view-types/admin/members";
import { Facts, MemberSection } from "./member-section";

/** Who the member is and the state of their account. */
export function MemberProfileSection({ profile }: { profile: MemberProfileView }) {
  const name = `${profile.firstName} ${profile.lastName}`.trim() || "No name";
  return (
    <MemberSection id="member-profile" title="Profile and account">
      {profile.deletedAt ? (
        <p role="status" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          <strong>Deleted by the member</strong> on {formatDateTime(profile.deletedAt)}. Their name, email and Telegram
          were erased; the ledger, invoices, deposits and deposit address are kept.
        </p>
      ) : null}
      {profile.banned ? (
        <p role="status" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          <strong>Banned.</strong> Reason: {profile.banReason ?? "none given"}
        </p>
      ) : null}
      <Facts
        items={[
          ["Email", <span className="break-all">{profile.email}</span>],
          ["Name", name],
          ["Email verified", profile.emailVerified ? "Yes" : "No"],
          ["Two-factor", profile.twoFactorEnabled ? "On" : "Off"],
          ["Signed up", formatDateTime(profile.signedUpAt)],
          ["Staff role", profile.staffRole ? <Badge variant="secondary">{profile.staffRole}</Badge> : "Not staff"],
          [
            "Account",
            profile.deletedAt ? (
              <Badge variant="destructive">Deleted</Badge>
            ) : profile.banned ? (
              <Badge variant="destructive">Banned</Badge>
            ) : (
              "Active"
            ),
          ],
        ]}
      />
    </MemberSection>
  );
}
