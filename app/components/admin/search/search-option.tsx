import * as React from "react";
import { cn } from "~/lib/utils";

/** One choice of the header's search list: where choosing it goes, and what it shows. */
export type Option = { id: string; href: string; node: React.ReactNode };

/** A choice in the search box's list; the one the arrow keys reach scrolls into view. */
export function ResultOption({
  id,
  option,
  active,
  onChoose,
}: {
  id: string;
  option: Option;
  active: boolean;
  onChoose: () => void;
}) {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: "nearest" });
  }, [active]);
  return (
    <div
      ref={ref}
      id={id}
      role="option"
      aria-selected={active}
      onClick={onChoose}
      className={cn(
        "cursor-pointer rounded-sm px-2 py-1.5",
        active ? "bg-accent text-accent-foreground" : "hover:bg-accent/60",
      )}
    >
      {option.node}
    </div>
  );
}
