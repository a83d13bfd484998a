import { AlertTriangleIcon, CheckCircle2Icon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { MemberPaymentFlagView } from "~/lib/view-types/admin/members";
import { MemberFlagResolveDialog, type FlagToResolve } from "./member-flag-resolve-dialog";
import { MemberSection } from "./member-section";

const titles: Record<MemberPaymentFlagView["kind"], string> = {
  refund_shortfall: "Card refund larger than the balance",
  dispute: "Card payment disputed",
};

/**
 * The member's card payment flags, shown at the top of their page: a refund Stripe made after
 * the money was spent (the balance stopped at zero; the shortfall is named), or a dispute to
 * answer in Stripe. SUPPORT_EMAIL was told of each when it happened. Open flags come first, each
 * with Resolve for those who may write money (`resolveFor`: the member's id); resolved ones
 * follow with who resolved them, when and why, and no longer mark the section as a warning.
 */
export function MemberPaymentFlagsSection({
  flags,
  resolveFor,
}: {
  flags: MemberPaymentFlagView[];
  resolveFor: string | null;
}) {
  const [resolving, setResolving] = React.useState<FlagToResolve | null>(null);
  if (flags.length === 0) return null;
  const open = flags.filter((f) => f.resolution === null).length;
  return (
    <MemberSection
      id="member-payment-flags"
      title={open > 0 ? `Card payment flags (${open} open)` : "Card payment flags"}
      className={open > 0 ? "border-warning/60 bg-warning/10" : undefined}
    >
      <ul className="grid gap-3" aria-label="Card payment flags">
        {flags.map((flag) => {
          const title = `${titles[flag.kind]}: ${formatUsdt(BigInt(flag.amount), { suffix: true })}`;
          const resolution = flag.resolution;
          return (
            <li key={flag.id} className="flex gap-2 text-sm" aria-label={resolution ? `${title} (resolved)` : title}>
              {resolution ? (
                <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              ) : (
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              )}
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="font-medium">
                  {title}
                  {resolution ? <span className="font-normal text-muted-foreground"> · Resolved</span> : null}
                </p>
                <p className="break-words">{flag.detail}</p>
                <p className="text-muted-foreground">
                  Flagged <time dateTime={flag.createdAt}>{formatDateTime(flag.createdAt)}</time>
                </p>
                {resolution ? (
                  <div className="rounded-md border bg-background p-2">
                    <p className="text-xs text-muted-foreground">
                      Resolved by <span className="font-medium text-foreground">{resolution.by}</span> ·{" "}
                      <time dateTime={resolution.at}>{formatDateTime(resolution.at)}</time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words">{resolution.note}</p>
                  </div>
                ) : null}
              </div>
              {!resolution && resolveFor ? (
                <div className="shrink-0">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={`Resolve: ${title}`}
                    onClick={() => setResolving({ id: flag.id, title })}
                  >
                    Resolve
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {resolveFor ? (
        <MemberFlagResolveDialog memberId={resolveFor} flag={resolving} onClose={() => setResolving(null)} />
      ) : null}
    </MemberSection>
  );
}
