import { LifeBuoyIcon } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

const loadDialog = () => import("./contact-dialog");
const ContactDialog = React.lazy(loadDialog);

const placement = "fixed bottom-5 left-5 z-50 size-12 rounded-full shadow-lg";

/**
 * The floating support button (bottom left, every page). In the page the server renders it is a
 * link to /contact, the contact form as a page, so it works before scripts load or without them;
 * once scripts run it is a button that opens the contact dialog, loaded on first use.
 */
export function SupportButton() {
  // Scripts run once the first effect has; a state of its own rather than useHydrated, whose shared
  // module would be one more file in every page's first load.
  const [scripted, setScripted] = React.useState(false);
  React.useEffect(() => setScripted(true), []);
  const [open, setOpen] = React.useState(false);
  const [wanted, setWanted] = React.useState(false);
  if (!scripted)
    return (
      <Button asChild size="icon" className={placement}>
        <Link to="/contact" aria-label="Contact support">
          <LifeBuoyIcon className="size-6" />
        </Link>
      </Button>
    );
  return (
    <>
      <Button
        size="icon"
        aria-label="Contact support"
        aria-haspopup="dialog"
        className={placement}
        // Start fetching the dialog as soon as the pointer or focus is near.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <LifeBuoyIcon className="size-6" />
      </Button>
      {wanted ? (
        <React.Suspense fallback={null}>
          <ContactDialog open={open} onOpenChange={setOpen} />
        </React.Suspense>
      ) : null}
    </>
  );
}
