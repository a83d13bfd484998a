import { LifeBuoyIcon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";

const loadDialog = () => import("./contact-dialog");
const ContactDialog = React.lazy(loadDialog);

/** The floating support button (bottom left, every page); the contact dialog loads on first use. */
export function SupportButton() {
  const [open, setOpen] = React.useState(false);
  const [wanted, setWanted] = React.useState(false);
  return (
    <>
      <Button
        size="icon"
        aria-label="Contact support"
        aria-haspopup="dialog"
        className="fixed bottom-5 left-5 z-50 size-12 rounded-full shadow-lg"
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
