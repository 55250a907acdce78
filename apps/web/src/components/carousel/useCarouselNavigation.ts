import { CAROUSEL } from "@promptune/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import type { AutoAdvanceRule } from "./autoAdvance";

/** Inputs of the carousel navigation state machine. */
export interface CarouselNavigationOptions {
  count: number;
  /** The committed selection (owned by the caller). */
  selectedIndex: number;
  /** Commits a selection, called when a slide animation ends. */
  onSelect(index: number): void;
  autoAdvance?: AutoAdvanceRule | undefined;
  animationMs?: number;
}

/** The displayed slide, the animation flag and the navigation actions. */
export interface CarouselNavigation {
  displayIndex: number;
  animating: boolean;
  next(): void;
  previous(): void;
  goTo(index: number): void;
  /** Ends a running animation at once, committing its target. */
  interrupt(): void;
}

/**
 * Carousel navigation (spec §4): forward and back wrap around; a move runs a
 * 600 ms animation and only then commits the selection; moves during an
 * animation are ignored. External selection changes (e.g. a slider) move the
 * display without committing again. New results auto-advance by the rule.
 */
export function useCarouselNavigation(options: CarouselNavigationOptions): CarouselNavigation {
  const { count, selectedIndex, autoAdvance } = options;
  const animationMs = options.animationMs ?? CAROUSEL.animationMs;
  const [displayIndex, setDisplayIndex] = useState(selectedIndex);
  const [animating, setAnimating] = useState(false);
  const live = useRef({
    display: selectedIndex,
    animating: false,
    target: -1,
    onSelect: options.onSelect,
  });
  live.current.onSelect = options.onSelect;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    live.current.animating = false;
    setAnimating(false);
  }, []);

  const show = useCallback((index: number) => {
    live.current.display = index;
    setDisplayIndex(index);
  }, []);

  const goTo = useCallback(
    (index: number) => {
      const s = live.current;
      if (s.animating || count < 1 || index < 0 || index >= count || index === s.display) return;
      show(index);
      s.animating = true;
      s.target = index;
      setAnimating(true);
      timer.current = setTimeout(() => {
        timer.current = null;
        s.animating = false;
        setAnimating(false);
        s.onSelect(index);
      }, animationMs);
    },
    [animationMs, count, show],
  );

  const interrupt = useCallback(() => {
    const s = live.current;
    if (!s.animating) return;
    stop();
    s.onSelect(s.target);
  }, [stop]);

  // An external change of the selection moves the display (no second commit).
  const lastSelected = useRef(selectedIndex);
  useEffect(() => {
    if (selectedIndex === lastSelected.current) return;
    lastSelected.current = selectedIndex;
    if (selectedIndex !== live.current.display) {
      stop();
      show(selectedIndex);
    }
  }, [selectedIndex, show, stop]);

  // New results: follow the newest when the rule says so; keep the display in range.
  const lastCount = useRef(count);
  useEffect(() => {
    const previous = lastCount.current;
    lastCount.current = count;
    if (count > previous && autoAdvance?.(selectedIndex, previous, count)) {
      stop();
      show(count - 1);
      live.current.onSelect(count - 1);
    } else if (count < previous && live.current.display >= Math.max(count, 1)) {
      stop();
      show(Math.max(0, count - 1));
    }
  }, [count, autoAdvance, selectedIndex, show, stop]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const next = useCallback(() => {
    if (count >= 1) goTo((live.current.display + 1) % count);
  }, [count, goTo]);
  const previous = useCallback(() => {
    if (count >= 1) goTo((live.current.display - 1 + count) % count);
  }, [count, goTo]);

  return { displayIndex, animating, next, previous, goTo, interrupt };
}
