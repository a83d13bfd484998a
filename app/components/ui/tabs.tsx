import { Slot as SlotPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "~/lib/utils";

/*
 * WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) written here instead of
 * Radix Tabs: the tab sets sit on the home, pricing and results pages, where Radix's roving
 * focus and collection machinery cost ~6 KB gzip of first-load JavaScript for what is a
 * tablist of three to five buttons. Same API and data attributes as the shadcn component:
 * automatic activation (focus selects), arrow keys wrap, Home/End, a tab activates on mouse
 * down like Radix's, only the active panel renders.
 */

type TabsContextValue = {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
};

const TabsContext = React.createContext<TabsContextValue | null>(null);

function useTabs(part: string) {
  const context = React.useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>`);
  return context;
}

// Ids derived from the value; values are plain words here, but keep the id valid whatever they are.
const idFor = (baseId: string, part: "trigger" | "content", value: string) =>
  `${baseId}-${part}-${value.replace(/[^A-Za-z0-9_-]/g, "_")}`;

function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  className,
  ...props
}: Omit<React.ComponentProps<"div">, "defaultValue"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const baseId = React.useId();
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const context = React.useMemo<TabsContextValue>(
    () => ({
      baseId,
      value,
      select: (next) => {
        if (next === value) return;
        if (controlled === undefined) setUncontrolled(next);
        onValueChange?.(next);
      },
    }),
    [baseId, value, controlled, onValueChange],
  );
  return (
    <TabsContext.Provider value={context}>
      <div data-slot="tabs" data-orientation="horizontal" className={cn("flex flex-col gap-2", className)} {...props} />
    </TabsContext.Provider>
  );
}

function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  const handleKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled]):not([aria-disabled="true"])'),
    ];
    const current = tabs.indexOf(document.activeElement as HTMLElement);
    if (current === -1) return;
    const last = tabs.length - 1;
    const target = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabs[target]!.focus(); // focusing a tab selects it (automatic activation)
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      onKeyDown={handleKeyDown}
      className={cn(
        "inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

function TabsTrigger({
  value,
  asChild = false,
  disabled,
  className,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: React.ComponentProps<"button"> & { value: string; asChild?: boolean }) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  const Comp = asChild ? SlotPrimitive.Slot : "button";
  return (
    <Comp
      type={asChild ? undefined : "button"}
      role="tab"
      id={idFor(tabs.baseId, "trigger", value)}
      aria-selected={selected}
      aria-controls={idFor(tabs.baseId, "content", value)}
      data-state={selected ? "active" : "inactive"}
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      // Roving tabindex: Tab enters the list on the selected tab, arrows move within it.
      tabIndex={selected ? 0 : -1}
      data-slot="tabs-trigger"
      onMouseDown={(event: React.MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        if (disabled || event.defaultPrevented) return;
        // A plain primary press selects at once; other presses must not move focus (focus selects).
        if (event.button === 0 && !event.ctrlKey) tabs.select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event: React.KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (!disabled && (event.key === " " || event.key === "Enter")) tabs.select(value);
      }}
      onFocus={(event: React.FocusEvent<HTMLButtonElement>) => {
        onFocus?.(event);
        if (!disabled && !selected) tabs.select(value);
      }}
      className={cn(
        "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md " +
          "border border-transparent px-2 py-1 text-sm font-medium whitespace-nowrap text-foreground " +
          "transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] " +
          "focus-visible:ring-ring/50 focus-visible:outline-1 focus-visible:outline-ring " +
          "disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background " +
          "data-[state=active]:shadow-sm dark:text-muted-foreground " +
          "dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 " +
          "dark:data-[state=active]:text-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 " +
          "[&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    />
  );
}

function TabsContent({ value, className, ...props }: React.ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs("TabsContent");
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={idFor(tabs.baseId, "content", value)}
      aria-labelledby={idFor(tabs.baseId, "trigger", value)}
      data-state="active"
      data-orientation="horizontal"
      tabIndex={0}
      data-slot="tabs-content"
      className={cn("flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", className)}
      {...props}
    />
  );
}

export { Tabs, TabsContent, TabsList, TabsTrigger };
