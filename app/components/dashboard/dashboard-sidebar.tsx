import { SectionSidebar } from "~/components/site/section-sidebar";
import { dashboardSections } from "./sections";
import { SidebarSupport } from "./sidebar-support";

const enabled = dashboardSections
  .filter((section) => section.enabled && !section.unlisted)
  .map(({ key, title, icon }) => ({ key, title, icon, to: { search: `?section=${key}` } }));

/** The enabled sections as links (`?section=`), so reload, back and forward keep the place. */
export function DashboardSidebar({ active }: { active: string }) {
  return <SectionSidebar home="/" label="Dashboard" sections={enabled} active={active} footer={<SidebarSupport />} />;
}
