import { AlertTriangleIcon } from "lucide-react";
import { formatUsdt } from "~/lib/money";
import type { MemberPaymentFlagView } from "~/lib/view-types/admin/members";
import { MemberSection, memberTime } from "./member-section";

const titles: Record<MemberPaymentFlagView["kind"], string> = {
  refund_shortfall: "Card refund larger than the balance",
  dispute: "Card payment disputed",
};

/**
 * The member's open card payment flags, shown at the top of their page: a refund Stripe made
 * after the money was spent (the balance stopped at zero; the shortfall is named), or a dispute
 * to answer in Stripe. SUPPORT_EMAIL was told of each when it happened.
 */
export function MemberPaymentFlagsSection({ flags }: { flags: MemberPaymentFlagView[] }) {
  if (flags.length === 0) return null;
  return (
    <MemberSection id="member-payment-flags" title="Card payment flags" className="border-warning/60 bg-warning/10">
      <ul className="grid gap-3">
        {flags.map((flag) => (
          <li key={flag.id} className="flex gap-2 text-sm">
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-medium">
                {titles[flag.kind]}: {formatUsdt(BigInt(flag.amount), { suffix: true })}
              </p>
              <p>{flag.detail}</p>
              <p className="text-muted-foreground">{memberTime(flag.createdAt)}</p>
            </div>
          </li>
        ))}
      </ul>
    </MemberSection>
  );
}
