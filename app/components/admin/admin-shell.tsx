import {
  BookOpenTextIcon,
  ClipboardListIcon,
  GiftIcon,
  InboxIcon,
  LayoutDashboardIcon,
  LogOutIcon,
  MailIcon,
  MegaphoneIcon,
  NewspaperIcon,
  TagIcon,
  TicketPercentIcon,
  TrophyIcon,
  UserRoundSearchIcon,
  UsersRoundIcon,
  WalletIcon,
  type LucideIcon,
} from "lucide-react";
import type * as React from "react";
import { Form, Link, useLocation } from "react-router";
import { SectionSidebar } from "~/components/site/section-sidebar";
import { Button } from "~/components/ui/button";
import { SidebarProvider } from "~/components/ui/sidebar";
import { SidebarTrigger } from "~/components/ui/sidebar-controls";
import type { AdminSectionKey } from "~/lib/admin-sections";
import { ROLE_LABELS } from "~/lib/staff-roles";
import type { SearchKind } from "~/lib/validation/admin/search";
import type { AdminViewer } from "~/lib/view-types/admin/shared";
import { AdminSearchBox } from "./search/admin-search-box";

const icons: Record<AdminSectionKey, LucideIcon> = {
  overview: LayoutDashboardIcon,
  members: UserRoundSearchIcon,
  inbox: InboxIcon,
  posts: NewspaperIcon,
  plans: TagIcon,
  results: TrophyIcon,
  knowledgebase: BookOpenTextIcon,
  newsletter: MailIcon,
  broadcasts: MegaphoneIcon,
  money: WalletIcon,
  coupons: TicketPercentIcon,
  referrals: GiftIcon,
  staff: UsersRoundIcon,
  "audit-log": ClipboardListIcon,
};

/** `badge`: a count the sidebar shows beside the section (the inbox's new messages). */
type Section = { key: AdminSectionKey; title: string; path: string; badge?: { count: number; label: string } };

/** The section a path belongs to: the longest section path that starts it. */
function activeSection(sections: readonly Section[], pathname: string) {
  return [...sections]
    .sort((a, b) => b.path.length - a.path.length)
    .find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}

/**
 * The back office's frame: its own sidebar with the sections this role may use,
 * a header with breadcrumbs and the signed-in staff member, the page. Outside the public
 * site's chrome; the sidebar folds into a sheet on a phone.
 */
export function AdminShell({
  viewer,
  sections,
  searchKinds,
  sidebarOpen,
  children,
}: {
  viewer: AdminViewer;
  sections: readonly Section[];
  /** What the header's search may find for this role. */
  searchKinds: SearchKind[];
  sidebarOpen: boolean;
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const active = activeSection(sections, pathname);
  const crumb = active && active.key !== "overview" ? active.title : pathname === "/admin/search" ? "Search" : null;
  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <AdminSidebar sections={sections} active={active?.key} />
      <div data-slot="sidebar-inset" className="relative flex w-full min-w-0 flex-1 flex-col bg-background">
        <header className="flex h-14 items-center gap-3 border-b px-4">
          <SidebarTrigger />
          {/* On a phone the search takes the breadcrumbs' place: each page's heading says where you are. */}
          <nav aria-label="Breadcrumb" className="hidden min-w-0 flex-1 text-sm md:block">
            <ol className="flex items-center gap-2 text-muted-foreground">
              <li>
                <Link to="/admin" className="hover:text-foreground">
                  Back office
                </Link>
              </li>
              {crumb ? (
                <>
                  <li aria-hidden="true">/</li>
                  <li>
                    <span aria-current="page" className="font-medium text-foreground">
                      {crumb}
                    </span>
                  </li>
                </>
              ) : null}
            </ol>
          </nav>
          <AdminSearchBox kinds={searchKinds} />
          <p className="hidden text-right text-sm lg:block">
            <span className="block font-medium">{viewer.email}</span>
            <span className="block text-xs text-muted-foreground">{ROLE_LABELS[viewer.role]}</span>
          </p>
          <Form method="post" action="/logout">
            <Button type="submit" variant="ghost" size="sm">
              <LogOutIcon aria-hidden="true" />
              Sign out
            </Button>
          </Form>
        </header>
        <main id="main" className="w-full flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </SidebarProvider>
  );
}

function AdminSidebar({ sections, active }: { sections: readonly Section[]; active: AdminSectionKey | undefined }) {
  const links = sections.map(({ key, title, path, badge }) => ({ key, title, icon: icons[key], to: path, badge }));
  return <SectionSidebar home="/admin" label="Back office" sections={links} active={active} />;
}
