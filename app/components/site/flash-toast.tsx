import * as React from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/sonner";
import {
  FLASH_TOAST_COOKIE,
  flashToastDeleteCookie,
  readCookie,
  readFlashToast,
  type FlashToast,
} from "~/lib/http/cookies";
import { useSiteData } from "./use-brand";

const show = (flash: FlashToast) =>
  (flash.type === "error" ? toast.error : toast.success)(flash.title, { description: flash.description });

/**
 * The toast a redirect left in the `flash_toast` cookie, shown once. The server reads it first
 * when the root loader runs (a page's first request, a revalidation after a form's post), deletes
 * the cookie with its answer and hands the message over in the root's data: the page it renders
 * shows it as a status line at the top, for a browser without JavaScript or before it runs. Once
 * scripts run, the toast takes the line's place, so it is never shown twice. A navigation that
 * did not ask the root loader finds the message in the cookie, and deletes it here.
 */
export function FlashToast() {
  const location = useLocation();
  const site = useSiteData();
  // Set once scripts have taken over: from then on messages are toasts only.
  const [scripted, setScripted] = React.useState(false);
  // The root data object whose message was shown: a later render of the same data is not a new message.
  const shown = React.useRef<unknown>(null);
  React.useEffect(() => {
    setScripted(true);
    if (site?.flash && shown.current !== site) {
      shown.current = site;
      show(site.flash);
    }
    const cookies = document.cookie;
    if (readCookie(cookies, FLASH_TOAST_COOKIE) === undefined) return;
    document.cookie = flashToastDeleteCookie();
    const flash = readFlashToast(cookies);
    // A malformed cookie is simply dropped.
    if (flash) show(flash);
  }, [location.key, site]);

  const flash = site?.flash;
  if (!flash || scripted) return null;
  return (
    <p role="status" data-slot="flash-message" className="border-b bg-muted px-4 py-3 text-center text-sm">
      <strong>{flash.title}</strong> {flash.description}
    </p>
  );
}
