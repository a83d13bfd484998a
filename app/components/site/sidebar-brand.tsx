import { Link } from "react-router";
import { SidebarHeader, SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "~/components/ui/sidebar-menu";
import { useBrand } from "./use-brand";

/** The logo and brand name at the top of a sidebar (dashboard, back office), linking to `to`. */
export function SidebarBrand({ to }: { to: string }) {
  const brandName = useBrand();
  return (
    <SidebarHeader>
      <SidebarMenu>
        <SidebarMenuItem>
          <SidebarMenuButton asChild size="lg" tooltip={brandName}>
            <Link to={to}>
              <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
              <span className="text-base font-bold tracking-tight">{brandName}</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
      </SidebarMenu>
    </SidebarHeader>
  );
}
