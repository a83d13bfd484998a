import { Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { mainNav } from "./nav-links";
import { useBrand } from "./use-brand";

/**
 * The slide-in menu under 768 px. Loaded on first use: most visitors on a desktop
 * never need its code. Choosing a link or Sign in closes it. A signed-in member has the header's
 * account menu (always shown) and gets Dashboard here instead of Sign in.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  linkClass,
  signedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  linkClass: (state: { isActive: boolean }) => string;
  signedIn: boolean;
}) {
  const brandName = useBrand();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72">
        <SheetHeader>
          <SheetTitle>{brandName}</SheetTitle>
          <SheetDescription className="sr-only">Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1 px-4">
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/"}
              className={linkClass}
              onClick={() => onOpenChange(false)}
            >
              {item.label}
            </NavLink>
          ))}
          <Button asChild className="mt-4">
            <Link to={signedIn ? "/dashboard" : "/signin"} onClick={() => onOpenChange(false)}>
              {signedIn ? "Dashboard" : "Sign in"}
            </Link>
          </Button>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
