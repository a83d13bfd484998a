import * as React from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/sonner";
import { FLASH_TOAST_COOKIE, flashToastDeleteCookie, readCookie, readFlashToast } from "~/lib/cookies";

/** Shows (once) the toast a redirect left in the `flash_toast` cookie, then deletes the cookie. */
export function FlashToast() {
  const location = useLocation();
  React.useEffect(() => {
    const cookies = document.cookie;
    if (readCookie(cookies, FLASH_TOAST_COOKIE) === undefined) return;
    document.cookie = flashToastDeleteCookie();
    const flash = readFlashToast(cookies);
    // A malformed cookie is simply dropped.
    if (flash) (flash.type === "error" ? toast.error : toast.success)(flash.title, { description: flash.description });
  }, [location.key]);
  return null;
}
