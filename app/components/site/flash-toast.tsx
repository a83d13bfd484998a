import * as React from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/sonner";

const COOKIE = "flash_toast";

/** Shows (once) the toast a redirect left in the `flash_toast` cookie, then deletes the cookie. */
export function FlashToast() {
  const location = useLocation();
  React.useEffect(() => {
    const raw = document.cookie.split("; ").find((c) => c.startsWith(`${COOKIE}=`));
    if (!raw) return;
    document.cookie = `${COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    try {
      const { title, description, type } = JSON.parse(decodeURIComponent(raw.slice(COOKIE.length + 1))) as {
        title: string;
        description?: string;
        type?: "success" | "error";
      };
      (type === "error" ? toast.error : toast.success)(title, { description });
    } catch {
      // A malformed cookie is simply dropped.
    }
  }, [location.key]);
  return null;
}
