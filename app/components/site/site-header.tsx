import { MenuIcon } from "lucide-react";
import * as React from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { HeaderAccount } from "~/lib/view-types/site";
import { BrandLogo } from "./brand-logo";
import { closeMobileMenu, MOBILE_MENU_ID, MobileMenu } from "./mobile-menu";
import { mainNav } from "./nav-links";
import { SupportButton } from "./support-button";

function LanguageLabel() {
  // Only English exists; the label informs and is deliberately not a control.
  return (
    <span
      data-slot="language-label"
      title="Language: English"
      className="select-none text-sm font-medium text-muted-foreground"
    >
      EN
    </span>
  );
}

// Only members see it: visitors' first load carries none of its code (the server renders it in
// full, so a member's menu works before its chunk arrives).
const AccountMenu = React.lazy(() => import("./account-menu"));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground",
    isActive ? "text-foreground" : "text-muted-foreground",
  );

/** `account`: the signed-in member (an account menu instead of Sign in), null for a visitor. */
export function SiteHeader({ account }: { account: HeaderAccount | null }) {
  const menu = React.useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // Any navigation (including back/forward) closes the mobile menu.
  React.useEffect(() => closeMobileMenu(menu.current), [pathname]);

  return (
    <header
      className={
        "sticky top-0 z-40 border-b bg-background/80 backdrop-blur " + "supports-[backdrop-filter]:bg-background/60"
      }
    >
      {/* The row spreads its free space (justify-between), so its gaps are minimums that only show
          where it is tight: a signed-in member's header below 340 px and from 768 to 809 px. There
          the brand's name gives way (brand-logo.tsx) rather than running under what follows it. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainNav.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === "/"} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageLabel />
          {/* A phone's support button: here, not floating over the page (shown below 768 px only). */}
          <SupportButton
            placement="header"
            prefill={account ? { name: account.name, email: account.email } : undefined}
          />
          {account ? (
            <React.Suspense fallback={null}>
              <AccountMenu account={account} />
            </React.Suspense>
          ) : (
            <Button asChild className="hidden md:inline-flex">
              <Link to="/signin">Sign in</Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            popoverTarget={MOBILE_MENU_ID}
          >
            <MenuIcon />
          </Button>
          <MobileMenu ref={menu} linkClass={linkClass} signedIn={account !== null} />
        </div>
      </div>
    </header>
  );
}
