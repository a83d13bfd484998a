import { LifeBuoyIcon } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { ContactPrefill } from "./contact-dialog";

const loadDialog = () => import("./contact-dialog");
const ContactDialog = React.lazy(loadDialog);
const preload = () => void loadDialog();

/** Where the contact dialog's own page is: the support control's address before scripts run. */
export const CONTACT_PATH = "/contact";

/**
 * The contact dialog behind a support control. In the page the server renders the control is a
 * link to /contact, the contact form as a page, so it works before scripts load or without them
 * (`scripted` false); once scripts run it opens the contact dialog, loaded on first use (`open`),
 * and fetched as soon as the pointer or focus comes near (`preload`). `prefill`: a signed-in
 * member's details, filled in for them (the /contact page reads them from the session).
 */
export function useContactDialog(prefill?: ContactPrefill) {
  // Scripts run once the first effect has; a state of its own rather than useHydrated, whose shared
  // module would be one more file in every page's first load.
  const [scripted, setScripted] = React.useState(false);
  React.useEffect(() => setScripted(true), []);
  const [isOpen, setOpen] = React.useState(false);
  const [wanted, setWanted] = React.useState(false);
  const open = React.useCallback(() => {
    setWanted(true);
    setOpen(true);
  }, []);
  const dialog = wanted ? (
    <React.Suspense fallback={null}>
      <ContactDialog open={isOpen} onOpenChange={setOpen} prefill={prefill} />
    </React.Suspense>
  ) : null;
  return { scripted, open, preload, dialog };
}

/**
 * The support button. From the width of a tablet up it floats at the bottom left of every page,
 * below any dialog; on a phone it is never there (there it would sit over the text being read and
 * over the bars pinned to the bottom: a cart's total, a dialog's edge). A phone has it in the
 * page's header instead (`placement="header"`, shown only below that width); the dashboard puts
 * it in its menu.
 */
export function SupportButton({
  prefill,
  placement = "floating",
}: {
  prefill?: ContactPrefill;
  placement?: "floating" | "header";
}) {
  const support = useContactDialog(prefill);
  const floating = placement === "floating";
  const className = floating ? "fixed bottom-5 left-5 z-40 size-12 rounded-full shadow-lg max-md:hidden" : "md:hidden";
  const icon = <LifeBuoyIcon className={floating ? "size-6" : "size-5"} aria-hidden="true" />;
  const variant = floating ? "default" : "ghost";
  if (!support.scripted)
    return (
      <Button asChild size="icon" variant={variant} className={className} data-slot="support-button">
        <Link to={CONTACT_PATH} aria-label="Contact support">
          {icon}
        </Link>
      </Button>
    );
  return (
    <>
      <Button
        size="icon"
        variant={variant}
        aria-label="Contact support"
        aria-haspopup="dialog"
        className={className}
        data-slot="support-button"
        onPointerEnter={support.preload}
        onFocus={support.preload}
        onClick={support.open}
      >
        {icon}
      </Button>
      {support.dialog}
    </>
  );
}
