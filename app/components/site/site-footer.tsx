import { Link } from "react-router";
import { BrandLogo } from "./brand-logo";
import { footerNav, legalNav } from "./nav-links";
import { useSiteData } from "./use-brand";

/** Product, legal and community links, and the copyright line with the year of the request. */
export function SiteFooter() {
  const site = useSiteData();
  if (!site) return null;
  const { config, year } = site;
  const community = [
    { href: config.links.telegram, label: "Telegram channel" },
    { href: config.links.x, label: "X (Twitter)" },
    { href: config.links.discord, label: "Discord community" },
  ];
  // Laid out only as it comes near the viewport: below the fold on every page, its lists are part
  // of the first layout's work before the page can answer a tap. Until then it counts as its
  // measured height (894 px on phones, 874 up to 767 px wide, 486 from there on).
  return (
    <footer
      className={
        "border-t bg-muted/30 [contain-intrinsic-block-size:auto_894px] [content-visibility:auto] " +
        "md:[contain-intrinsic-block-size:auto_486px]"
      }
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3 md:col-span-1">
          <BrandLogo />
          <p className="text-sm text-muted-foreground">
            AI-powered crypto and forex trading signals, delivered in Telegram. Trading carries risk: trade only with
            money you can afford to lose.
          </p>
        </div>
        <FooterColumn title="Product">
          {footerNav.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="hover:text-foreground">
                {item.label}
              </Link>
            </li>
          ))}
          {/* The product page's address is configuration (PRODUCT_SLUG), so it is not in footerNav. */}
          <li>
            <Link to={`/why-${config.productSlug}`} className="hover:text-foreground">
              Why {config.brandName}
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Legal">
          {legalNav.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="hover:text-foreground">
                {item.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Community">
          {community.map((item) => (
            <li key={item.href}>
              <a href={item.href} target="_blank" rel="noopener noreferrer" className="hover:text-foreground">
                {item.label}
              </a>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t">
        {/* Room below the last line for the floating support button (bottom left), so it covers nothing at the end of a page. */}
        <p className="mx-auto max-w-7xl px-4 pt-6 pb-24 text-sm text-muted-foreground sm:px-6" data-testid="copyright">
          © {year} {config.brandName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      <ul className="space-y-2 text-sm text-muted-foreground">{children}</ul>
    </div>
  );
}
