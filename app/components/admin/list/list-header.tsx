import { PlusIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

type ListHeaderProps = Omit<React.ComponentProps<"div">, "title"> & {
  title: string;
  description?: React.ReactNode;
  /** The "New …" button; left out for staff who may not create one. */
  newItem?: { to: string; label: string } | null;
};

/** A list screen's heading: its title, a line on what it lists, and the button that starts a new row. */
function ListHeader({ title, description, newItem, className, ...props }: ListHeaderProps) {
  return (
    <div
      data-slot="list-header"
      className={cn("flex flex-wrap items-center justify-between gap-4", className)}
      {...props}
    >
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {newItem ? (
        <Button asChild>
          <Link to={newItem.to}>
            <PlusIcon aria-hidden="true" />
            {newItem.label}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

export { ListHeader };
