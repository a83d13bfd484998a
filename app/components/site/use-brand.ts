import { useRouteLoaderData } from "react-router";
import type { SiteData } from "~/lib/view-types/site";

/** The root loader's data (app/root.tsx); undefined only where the root loader did not run. */
export function useSiteData(): SiteData | undefined {
  return useRouteLoaderData("root") as SiteData | undefined;
}

/** The brand name (BRAND_NAME) for any component that shows it, instead of a prop passed down. */
export function useBrand(): string {
  return useSiteData()?.config.brandName ?? "";
}
