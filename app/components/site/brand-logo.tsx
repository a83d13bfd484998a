import * as React from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { useBrand } from "./use-brand";

/**
 * The logo and the brand name, linking home. Where a row has no room for the whole name (a
 * signed-in member's header on a 320 px phone, or beside the links on a 768 px tablet) the name
 * gives way with an ellipsis instead of running under what comes after it; its accessible name
 * stays whole.
 */
export function BrandLogo({ className, ...props }: Omit<React.ComponentProps<typeof Link>, "to">) {
  const brandName = useBrand();
  return (
    <Link
      to="/"
      data-slot="brand-logo"
      className={cn("flex min-w-0 items-center gap-2 font-bold tracking-tight", className)}
      {...props}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className="truncate text-lg">{brandName}</span>
    </Link>
  );
}
