import * as React from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/sonner";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FLASH_TOAST_COOKIE, flashToastDeleteCookie, readCookie, readFlashToast, type FlashToast } from "~/lib/cookies";
import { cn } from "~/lib/utils";
import { useSiteData } from "./use-brand";

const show = (flash: FlashToast) =>
  (flash.type === "error" ? toast.error : toast.success)(flash.title, { description: flash.description });

/**
 * Shows (once) the toast a redirect left in the `flash_toast` cookie. The server reads it first
 * when the root loader runs (the page's first request, a revalidation after a form's post) and
 * deletes the cookie with its answer, handing the message over in the root's data; a navigation
 * that did not ask the root loader finds it in the cookie, and deletes it here.
 */
export function FlashToast() {
  const location = useLocation();
  const site = useSiteData();
  // The root data object whose message was shown: a later render of the same data is not a new message.
  const shown = React.useRef<unknown>(null);
  React.useEffect(() => {
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
  return null;
}

/**
 * The same message in the page the server rendered, for a browser without JavaScript (or before
 * it runs): a status line at the top. Once scripts run, the toast takes its place, so it is never
 * shown twice.
 */
export function FlashMessage() {
  const flash = useSiteData()?.flash;
  const hydrated = useHydrated();
  if (!flash || hydrated) return null;
  return (
    <div
      role="status"
      data-slot="flash-message"
      className={cn(
        "border-b px-4 py-3 text-center text-sm",
        flash.type === "error" ? "border-destructive/40 bg-destructive/10" : "bg-muted",
      )}
    >
      <p className="font-semibold">{flash.title}</p>
      {flash.description ? <p className="text-muted-foreground">{flash.description}</p> : null}
    </div>
  );
}
