import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link, type To } from "react-router";
import { Sidebar, useSidebar } from "~/components/ui/sidebar";
import { SidebarRail } from "~/components/ui/sidebar-controls";
import {
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
} from "~/components/ui/sidebar-menu";
import { SidebarBrand } from "./sidebar-brand";

/** `badge`: a count shown beside the link (e.g. new messages), read as "`badge` `badgeLabel`". */
export type SidebarSection = {
  key: string;
  title: string;
  icon: LucideIcon;
  to: To;
  badge?: { count: number; label: string };
};

/**
 * A sidebar of sections (the member dashboard, the back office): the brand linking to `home`,
 * then the sections as links named "`label` sections", the open one marked; on a phone a click
 * closes the sheet. `footer`: what sits below the sections (the dashboard's "Contact support" on a phone).
 */
export function SectionSidebar({
  home,
  label,
  sections,
  active,
  footer,
}: {
  home: string;
  label: string;
  sections: readonly SidebarSection[];
  active: string | undefined;
  footer?: React.ReactNode;
}) {
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <Sidebar collapsible="icon">
      <SidebarBrand to={home} />
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>{label}</SidebarGroupLabel>
          <SidebarGroupContent>
            <nav aria-label={`${label} sections`}>
              <SidebarMenu>
                {sections.map(({ key, title, icon: Icon, to, badge }) => (
                  <SidebarMenuItem key={key}>
                    <SidebarMenuButton asChild isActive={active === key} tooltip={title}>
                      <Link
                        to={to}
                        aria-current={active === key ? "page" : undefined}
                        onClick={() => isMobile && setOpenMobile(false)}
                      >
                        <Icon aria-hidden="true" />
                        <span>{title}</span>
                      </Link>
                    </SidebarMenuButton>
                    {/* Beside the link, not in it: the link keeps its name, the count is read after it. */}
                    {badge && badge.count > 0 ? (
                      <SidebarMenuBadge data-testid={`${key}-badge`} className="bg-primary text-primary-foreground">
                        {badge.count > 99 ? "99+" : badge.count}
                        <span className="sr-only"> {badge.label}</span>
                      </SidebarMenuBadge>
                    ) : null}
                  </SidebarMenuItem>
                ))}
              </SidebarMenu>
            </nav>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      {footer ? <SidebarFooter>{footer}</SidebarFooter> : null}
      <SidebarRail />
    </Sidebar>
  );
}
