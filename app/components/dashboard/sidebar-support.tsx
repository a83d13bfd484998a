import { LifeBuoyIcon } from "lucide-react";
import { useSidebar } from "~/components/ui/sidebar";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "~/components/ui/sidebar-menu";
import { useDashboard } from "./dashboard-context";

/**
 * "Contact support" in the dashboard's menu, on a phone only: there the header has no room left
 * and a floating button would sit over the section (the cart's total, a dialog). It closes the
 * menu and opens the contact dialog, which the dashboard's frame holds (the menu's sheet unmounts
 * as it closes), with the member's details filled in. The menu only opens once scripts run.
 */
export function SidebarSupport() {
  const { setOpenMobile } = useSidebar();
  const { support } = useDashboard();
  return (
    <SidebarMenu className="md:hidden">
      <SidebarMenuItem>
        <SidebarMenuButton
          type="button"
          aria-haspopup="dialog"
          data-slot="support-button"
          onPointerEnter={support.preload}
          onFocus={support.preload}
          onClick={() => {
            setOpenMobile(false);
            support.open();
          }}
        >
          <LifeBuoyIcon aria-hidden="true" />
          <span>Contact support</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
