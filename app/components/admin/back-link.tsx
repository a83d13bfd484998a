import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** An editor's way back to its list ("All posts", "All articles"). */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <div>
      <Button asChild variant="ghost" size="sm">
        <Link to={to}>
          <ArrowLeftIcon aria-hidden="true" />
          {children}
        </Link>
      </Button>
    </div>
  );
}
