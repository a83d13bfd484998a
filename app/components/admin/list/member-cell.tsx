import type * as React from "react";
import { Link } from "react-router";
import { TableCell } from "~/components/ui/table";
import { cn } from "~/lib/utils";

/** The back office's page of one member. */
export function memberHref(userId: string) {
  return `/admin/members/${encodeURIComponent(userId)}`;
}

/** A member's email (or another name for them) linking to their member page. */
function MemberLink({
  userId,
  className,
  ...props
}: { userId: string } & Omit<React.ComponentProps<typeof Link>, "to">) {
  return (
    <Link
      data-slot="member-link"
      to={memberHref(userId)}
      className={cn("break-all underline-offset-4 hover:underline", className)}
      {...props}
    />
  );
}

/** A table cell naming a row's member, linked to their page; `label` is the column's name on a phone. */
function MemberCell({
  userId,
  email,
  label = "Member",
  className,
  ...props
}: { userId: string; email: string; label?: string } & Omit<React.ComponentProps<typeof TableCell>, "children">) {
  return (
    <TableCell label={label} className={cn("max-w-64 whitespace-normal", className)} {...props}>
      <MemberLink userId={userId}>{email}</MemberLink>
    </TableCell>
  );
}

export { MemberCell, MemberLink };
