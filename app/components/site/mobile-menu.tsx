import { XIcon } from "lucide-react";
import * as React from "react";
import { Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { mainNav } from "./nav-links";
import { useBrand } from "./use-brand";

export const MOBILE_MENU_ID = "site-menu";

/** Closes the menu if it is open (hidePopover on a closed popover threw in older browsers). */
export function closeMobileMenu(menu: HTMLElement | null) {
  if (menu?.matches(":popover-open")) menu.hidePopover();
}

/**
 * The slide-in menu under 768 px, as an HTML popover: the header's button opens it
 * (`popovertarget`) before the page's scripts have run, or without them, and a tap outside or
 * Escape closes it. It is part of the page the server renders. Choosing a link closes it (a
 * full page load before the scripts run; after, the link's own handler). A signed-in member has
 * the header's account menu and gets Dashboard here instead of Sign in.
 */
export function MobileMenu({
  ref,
  linkClass,
  signedIn,
}: {
  ref: React.Ref<HTMLDivElement>;
  linkClass: (state: { isActive: boolean }) => string;
  signedIn: boolean;
}) {
  const brandName = useBrand();
  const close = (event: React.MouseEvent<HTMLElement>) =>
    closeMobileMenu(event.currentTarget.closest<HTMLElement>("[popover]"));
  return (
    <div
      ref={ref}
      id={MOBILE_MENU_ID}
      popover="auto"
      role="dialog"
      aria-label={brandName || "Site navigation"}
      className={
        "fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-72 max-w-[80vw] flex-col gap-4 " +
        "border-r bg-background p-0 text-foreground shadow-lg backdrop:bg-black/50 open:flex " +
        "motion-safe:transition-transform motion-safe:duration-300 " +
        "motion-safe:starting:open:-translate-x-full md:hidden"
      }
    >
      <div className="flex items-center justify-between p-4">
        <p className="font-semibold text-foreground">{brandName}</p>
        <button
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
          className={
            "rounded-xs opacity-70 transition-opacity hover:opacity-100 focus:ring-2 focus:ring-ring " +
            "focus:ring-offset-2 focus:outline-hidden"
          }
        >
          <XIcon className="size-4" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <nav aria-label="Mobile" className="flex flex-col gap-1 px-4">
        {mainNav.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.to === "/"} className={linkClass} onClick={close}>
            {item.label}
          </NavLink>
        ))}
        <Button asChild className="mt-4">
          <Link to={signedIn ? "/dashboard" : "/signin"} onClick={close}>
            {signedIn ? "Dashboard" : "Sign in"}
          </Link>
        </Button>
      </nav>
    </div>
  );
}
