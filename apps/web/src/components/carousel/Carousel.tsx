import { ActionIcon, Box, Group, UnstyledButton } from "@mantine/core";
import { CAROUSEL } from "@promptune/contracts";
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { ArrowLeftIcon, ArrowRightIcon } from "../icons";
import type { AutoAdvanceRule } from "./autoAdvance";
import { useCarouselNavigation } from "./useCarouselNavigation";

/** Imperative handle: lets a page end a running slide animation (e.g. when an agent is clicked). */
export interface CarouselHandle {
  interrupt(): void;
}

/** Props of the results carousel. */
export interface CarouselProps {
  /** Number of slides. */
  count: number;
  /** Committed selection (controlled). */
  selectedIndex: number;
  /** Called with the new index once the 600 ms slide animation ends. */
  onSelect(index: number): void;
  /** Renders slide `index`. */
  renderSlide(index: number): ReactNode;
  /** Decides whether a newly arrived result is followed. */
  autoAdvance?: AutoAdvanceRule;
  /** Accessible name of the carousel region. */
  label: string;
  /** Accessible name of slide `index` (dots use it), default 'Iteration {index + 1}'. */
  slideLabel?(index: number): string;
  /** Shown when there are no slides. */
  empty?: ReactNode;
  handleRef?: Ref<CarouselHandle>;
  testId?: string;
}

/** True for targets whose own arrow-key handling must win (inputs, sliders, editable text). */
function ownsArrowKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return true;
  const role = target.getAttribute("role");
  return (
    role === "slider" ||
    role === "option" ||
    role === "listbox" ||
    role === "combobox" ||
    role === "tab"
  );
}

/**
 * The optimised-configuration carousel (spec §2, §4): wrap-around previous /
 * next buttons, indicator dots, left/right arrow keys and horizontal swipes
 * over 40 px (with at least 2 slides), a 600 ms slide animation during which
 * further moves are ignored. Slides come from a render prop.
 */
export function Carousel(props: CarouselProps) {
  const { count, renderSlide } = props;
  const nav = useCarouselNavigation({
    count,
    selectedIndex: props.selectedIndex,
    onSelect: props.onSelect,
    autoAdvance: props.autoAdvance,
  });
  useImperativeHandle(props.handleRef, () => ({ interrupt: nav.interrupt }), [nav.interrupt]);
  const slideLabel = props.slideLabel ?? ((i: number) => `Iteration ${i + 1}`);
  const navigable = count >= 2;

  const { next, previous } = nav;
  useEffect(() => {
    if (!navigable) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (ownsArrowKeys(event.target)) return;
      if (event.key === "ArrowRight") next();
      else if (event.key === "ArrowLeft") previous();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigable, next, previous]);

  const touchStart = useRef<number | null>(null);

  if (count === 0) {
    return (
      <Box data-testid={props.testId} aria-label={props.label} role="region">
        {props.empty}
      </Box>
    );
  }

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={props.label}
      data-testid={props.testId}
      data-index={nav.displayIndex}
      data-animating={nav.animating || undefined}
    >
      <Box
        style={{ overflow: "hidden", touchAction: "pan-y" }}
        onTouchStart={(e) => {
          touchStart.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchStart.current;
          touchStart.current = null;
          const end = e.changedTouches[0]?.clientX;
          if (!navigable || start === null || end === undefined) return;
          const dx = end - start;
          if (dx < -CAROUSEL.swipeThresholdPx) next();
          else if (dx > CAROUSEL.swipeThresholdPx) previous();
        }}
      >
        <Box
          style={{
            display: "flex",
            transform: `translateX(-${nav.displayIndex * 100}%)`,
            transition: `transform ${CAROUSEL.animationMs}ms cubic-bezier(0.22, 0.61, 0.36, 1)`,
          }}
        >
          {Array.from({ length: count }, (_, i) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional (iteration i + 1)
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideLabel(i)} of ${count}`}
              aria-hidden={i !== nav.displayIndex}
              inert={i !== nav.displayIndex}
              style={{ flex: "0 0 100%", minWidth: 0 }}
            >
              {renderSlide(i)}
            </Box>
          ))}
        </Box>
      </Box>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          aria-label="Previous configuration"
          onClick={previous}
          disabled={!navigable}
        >
          <ArrowLeftIcon size={18} />
        </ActionIcon>
        <Group gap={4} justify="center" style={{ flexWrap: "wrap" }}>
          {Array.from({ length: count }, (_, i) => {
            const active = i === nav.displayIndex;
            return (
              <UnstyledButton
                // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
                key={i}
                aria-label={`Show ${slideLabel(i)}`}
                aria-current={active || undefined}
                onClick={() => nav.goTo(i)}
                p={4}
              >
                <Box
                  w={active ? 20 : 8}
                  h={8}
                  style={{
                    borderRadius: 4,
                    transition: "width 200ms ease, background 200ms ease",
                    background: active
                      ? "var(--mantine-primary-color-filled)"
                      : "var(--mantine-color-gray-5)",
                  }}
                />
              </UnstyledButton>
            );
          })}
        </Group>
        <ActionIcon
          variant="default"
          radius="xl"
          size="lg"
          aria-label="Next configuration"
          onClick={next}
          disabled={!navigable}
        >
          <ArrowRightIcon size={18} />
        </ActionIcon>
      </Group>
    </Box>
  );
}
