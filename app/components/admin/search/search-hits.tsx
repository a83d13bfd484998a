import { memberHref } from "~/components/admin/list/member-cell";
import { PostStatusBadge } from "~/components/admin/posts/post-status-badge";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/lib/dates";
import type { MemberHit, MemberSubscriptionHit, PostHit } from "~/lib/view-types/admin/search";

const PERIOD: Record<MemberSubscriptionHit["billingPeriod"], string> = {
  monthly: "monthly",
  quarterly: "quarterly",
  lifetime: "lifetime",
};
const STATUS: Record<MemberSubscriptionHit["status"], string> = {
  active: "Active",
  expired: "Expired",
  cancelled: "Cancelled",
};
const STATUS_VARIANT = { active: "success", expired: "outline", cancelled: "outline" } as const;

/** Where a post result leads: its editor. */
export const postPath = (post: PostHit) => `/admin/posts/${post.id}`;
export const memberPath = (member: MemberHit) => memberHref(member.userId);

/** The subscriptions of a member in one line each: plan, period, state and its date. */
export function subscriptionLine(s: MemberSubscriptionHit) {
  const date = s.nextBillingDate ? formatDate(s.nextBillingDate) : null;
  const when = s.status !== "active" ? "" : !date ? "never ends" : s.autorenew ? `renews ${date}` : `ends ${date}`;
  return `${s.plan} (${PERIOD[s.billingPeriod]})${when ? ` · ${when}` : ""}`;
}

/** A member as a search result (it opens their member page): enough to tell members apart. */
export function MemberDetails({ member, compact = false }: { member: MemberHit; compact?: boolean }) {
  const subs = compact ? member.subscriptions.slice(0, 2) : member.subscriptions;
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium break-all">{member.email}</span>
        {member.emailVerified ? null : <Badge variant="warning">Email not verified</Badge>}
        {member.staffRole ? <Badge variant="secondary">Staff: {member.staffRole}</Badge> : null}
      </p>
      <p className="text-muted-foreground">
        {member.name || "No name"}
        {" · "}
        {member.telegramUsername ? (
          <>
            Telegram @{member.telegramUsername} {member.telegramVerified ? "(verified)" : "(not verified)"}
          </>
        ) : (
          "No Telegram username"
        )}
      </p>
      {subs.length === 0 ? (
        <p className="text-muted-foreground">No subscriptions</p>
      ) : (
        <div className="grid gap-0.5">
          {subs.map((s, i) => (
            <p key={i} className="flex flex-wrap items-center gap-2">
              <Badge variant={STATUS_VARIANT[s.status]}>{STATUS[s.status]}</Badge>
              <span>{subscriptionLine(s)}</span>
            </p>
          ))}
          {compact && member.subscriptions.length > subs.length ? (
            <p className="text-muted-foreground">and {member.subscriptions.length - subs.length} more</p>
          ) : null}
        </div>
      )}
    </div>
  );
}

export function PostDetails({ post }: { post: PostHit }) {
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">{post.title}</span>
      <PostStatusBadge status={post.status} />
    </span>
  );
}
