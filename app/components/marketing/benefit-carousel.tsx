import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { Feature } from "./feature-grid";

/**
 * The home page's looping benefit carousel (spec §4, §9: loop, align start, 2 per view from
 * 768 px). The server renders a plain, natively scrollable row so the cards paint (and read)
 * without JavaScript; embla takes over after hydration and the row stops scrolling natively.
 */
export function BenefitCarousel({
  items,
  label,
  className,
  ...props
}: { items: readonly Feature[]; label: string } & React.ComponentProps<"div">) {
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: "start" });
  const [state, setState] = React.useState({ ready: false, canPrev: false, canNext: false, selected: 0 });

  React.useEffect(() => {
    if (!api) return;
    // A visitor may have scrolled the native row before hydration; embla moves by transform.
    api.rootNode().scrollLeft = 0;
    const update = () =>
      setState({ ready: true, canPrev: api.canScrollPrev(), canNext: api.canScrollNext(), selected: api.selectedScrollSnap() });
    update();
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (!api) return; // before hydration the arrows scroll the row natively
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      api.scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      api.scrollNext();
    }
  };

  return (
    <div data-slot="carousel" className={cn("flex flex-col gap-6", className)} {...props}>
      <div
        ref={viewportRef}
        role="region"
        aria-roledescription="carousel"
        aria-label={label}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-enhanced={state.ready ? "" : undefined}
        className={cn(
          "rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
          state.ready ? "overflow-hidden touch-pan-y" : "snap-x snap-mandatory overflow-x-auto pb-2",
        )}
      >
        <div data-slot="carousel-content" className="-ml-4 flex">
          {items.map(({ icon: Icon, title, text }, index) => (
            <div
              key={title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}`}
              data-slot="carousel-item"
              className="min-w-0 shrink-0 grow-0 basis-full snap-start pl-4 md:basis-1/2"
            >
              <article className="flex h-full flex-col gap-4 rounded-xl border bg-card p-8 shadow-sm">
                <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary to-chart-2 text-primary-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="text-xl font-semibold">{title}</h3>
                <p className="text-pretty text-muted-foreground">{text}</p>
              </article>
            </div>
          ))}
        </div>
      </div>
      <div className="flex items-center justify-end gap-2">
        <p className="sr-only" aria-live="polite">
          {state.ready ? `Slide ${state.selected + 1} of ${items.length}` : ""}
        </p>
        <Button variant="outline" size="icon" className="rounded-full" aria-label="Previous slide" disabled={!state.canPrev} onClick={() => api?.scrollPrev()}>
          <ChevronLeftIcon />
        </Button>
        <Button variant="outline" size="icon" className="rounded-full" aria-label="Next slide" disabled={!state.canNext} onClick={() => api?.scrollNext()}>
          <ChevronRightIcon />
        </Button>
      </div>
    </div>
  );
}
