import type { EmblaCarouselType } from "embla-carousel";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { Feature } from "./feature-grid";

type Direction = "prev" | "next";

/**
 * The home page's looping benefit carousel (loop, align start, 2 per view from
 * 768 px). The server renders a plain, natively scrollable row so the cards paint (and read)
 * without JavaScript. The carousel sits below the fold, so embla is not part of the first
 * load: it is fetched when the row comes near the viewport (or at the first press of a
 * button), takes over, and the row stops scrolling natively.
 */
export function BenefitCarousel({
  items,
  label,
  className,
  ...props
}: { items: readonly Feature[]; label: string } & React.ComponentProps<"div">) {
  const viewportRef = React.useRef<HTMLDivElement>(null);
  // A press played between hydration and this component's effect (a tap kept from before the
  // scripts, played as soon as React has the button) is queued here, not lost: the effect plays it.
  const queued = React.useRef<Direction>(undefined);
  const loadRef = React.useRef<(then?: Direction) => void>((then) => {
    queued.current = then;
  });
  const [api, setApi] = React.useState<EmblaCarouselType | null>(null);
  const [state, setState] = React.useState({ canPrev: false, canNext: false, selected: 0 });

  React.useEffect(() => {
    const node = viewportRef.current!;
    let embla: EmblaCarouselType | undefined;
    let loading = false;
    let disposed = false;
    let pending: Direction | undefined;
    const load = (then?: Direction) => {
      // A press can come from a render before embla was set in state (a tap kept from before the
      // scripts, played just as embla arrives): it moves the carousel that is already there.
      if (embla) {
        if (then === "prev") embla.scrollPrev();
        if (then === "next") embla.scrollNext();
        return;
      }
      pending = then ?? pending;
      if (loading) return;
      loading = true;
      observer?.disconnect();
      void import("embla-carousel").then(({ default: EmblaCarousel }) => {
        if (disposed) return;
        // A visitor may have scrolled the native row meanwhile; embla moves by transform.
        node.scrollLeft = 0;
        embla = EmblaCarousel(node, { loop: true, align: "start" });
        const update = () =>
          setState({
            canPrev: embla!.canScrollPrev(),
            canNext: embla!.canScrollNext(),
            selected: embla!.selectedScrollSnap(),
          });
        update();
        embla.on("select", update).on("reInit", update);
        setApi(embla);
        if (pending === "prev") embla.scrollPrev();
        if (pending === "next") embla.scrollNext();
      });
    };
    const observer =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
            rootMargin: "300px 0px",
          })
        : undefined;
    if (observer) observer.observe(node);
    else load();
    loadRef.current = load;
    if (queued.current) load(queued.current);
    return () => {
      disposed = true;
      observer?.disconnect();
      embla?.destroy();
    };
  }, []);

  const move = (direction: Direction) => {
    if (!api) return loadRef.current(direction);
    if (direction === "prev") api.scrollPrev();
    else api.scrollNext();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (!api) return; // until embla runs, the arrows scroll the row natively
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      move(event.key === "ArrowLeft" ? "prev" : "next");
    }
  };

  // Before embla runs the buttons load it and then move; once it runs, they follow its limits. In
  // the page the server renders they are enabled too: a press before the scripts run is kept and
  // played once they do (app/lib/early-input.ts), where a disabled button would swallow it.
  const canPrev = api ? state.canPrev : true;
  const canNext = api ? state.canNext : true;

  return (
    // The keys work wherever focus is inside: on the slides and on the previous/next buttons.
    <div data-slot="carousel" className={cn("flex flex-col gap-6", className)} onKeyDown={onKeyDown} {...props}>
      <div
        ref={viewportRef}
        role="region"
        aria-roledescription="carousel"
        aria-label={label}
        tabIndex={0}
        data-enhanced={api ? "" : undefined}
        className={cn(
          "rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
          api ? "overflow-hidden touch-pan-y" : "snap-x snap-mandatory overflow-x-auto pb-2",
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
                <span
                  className={
                    "flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary " +
                    "to-chart-2 text-primary-foreground"
                  }
                >
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
          {api ? `Slide ${state.selected + 1} of ${items.length}` : ""}
        </p>
        <Button
          variant="outline"
          size="icon"
          className="rounded-full"
          aria-label="Previous slide"
          disabled={!canPrev}
          onClick={() => move("prev")}
        >
          <ChevronLeftIcon />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="rounded-full"
          aria-label="Next slide"
          disabled={!canNext}
          onClick={() => move("next")}
        >
          <ChevronRightIcon />
        </Button>
      </div>
    </div>
  );
}
