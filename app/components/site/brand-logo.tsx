import * as React from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { useBrand } from "./use-brand";

/** The logo and the brand name, linking home. */
export function BrandLogo({ className, ...props }: Omit<React.ComponentProps<typeof Link>, "to">) {
  const brandName = useBrand();
  return (
    <Link
      to="/"
      data-slot="brand-logo"
      className={cn("flex items-center gap-2 font-bold tracking-tight", className)}
      {...props}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className="text-lg">{brandName}</span>
    </Link>
  );
}
