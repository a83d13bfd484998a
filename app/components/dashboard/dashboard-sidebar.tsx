import { Link } from "react-router";
import { Sidebar, SidebarRail, useSidebar } from "~/components/ui/sidebar";
import {
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from "~/components/ui/sidebar-menu";
import { SidebarBrand } from "~/components/site/sidebar-brand";
import { dashboardSections } from "./sections";

/** The enabled sections as links (`?section=`), so reload, back and forward keep the place. */
export function DashboardSidebar({ active }: { active: string }) {
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <Sidebar collapsible="icon">
      <SidebarBrand to="/" />
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Dashboard</SidebarGroupLabel>
          <SidebarGroupContent>
            <nav aria-label="Dashboard sections">
              <SidebarMenu>
                {dashboardSections
                  .filter((section) => section.enabled)
                  .map(({ key, title, icon: Icon }) => (
                    <SidebarMenuItem key={key}>
                      <SidebarMenuButton asChild isActive={active === key} tooltip={title}>
                        <Link
                          to={{ search: `?section=${key}` }}
                          aria-current={active === key ? "page" : undefined}
                          onClick={() => isMobile && setOpenMobile(false)}
                        >
                          <Icon aria-hidden="true" />
                          <span>{title}</span>
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  ))}
              </SidebarMenu>
            </nav>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}
