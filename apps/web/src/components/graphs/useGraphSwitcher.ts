import { GRAPH } from "@promptune/contracts";
import { type TouchEvent, useCallback, useEffect, useRef, useState } from "react";

/** Mobile graph view: 0 shows the Evaluation graph, 1 the Embedding graph (spec §4). */
export type GraphView = 0 | 1;

/** What the mobile single-panel view needs: the view, the slide flag, a switcher and swipe handlers. */
export interface GraphSwitcher {
  view: GraphView;
  /** True from a switch request until 500 ms later (animation in progress). */
  sliding: boolean;
  /** The view being switched to while sliding (equals `view` otherwise). */
  target: GraphView;
  show(next: GraphView): void;
  touchHandlers: {
    onTouchStart(event: TouchEvent): void;
    onTouchEnd(event: TouchEvent): void;
  };
}

/**
 * Single-panel graph switching on mobile: a request sets the slide flag,
 * switches the view after 250 ms and clears the flag after 500 ms; requests
 * while sliding are ignored. A horizontal swipe over 50 px to the left shows
 * the Embedding graph, to the right the Evaluation graph.
 */
export function useGraphSwitcher(initial: GraphView = 0): GraphSwitcher {
  const [view, setView] = useState<GraphView>(initial);
  const [target, setTarget] = useState<GraphView>(initial);
  const [sliding, setSliding] = useState(false);
  const state = useRef({ view: initial, sliding: false, startX: null as number | null });
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t);
    },
    [],
  );

  const show = useCallback((next: GraphView) => {
    const s = state.current;
    if (s.sliding || next === s.view) return;
    s.sliding = true;
    setSliding(true);
    setTarget(next);
    timers.current.push(
      setTimeout(() => {
        s.view = next;
        setView(next);
      }, GRAPH.switchDelayMs),
      setTimeout(() => {
        s.sliding = false;
        setSliding(false);
      }, GRAPH.slideFlagClearMs),
    );
  }, []);

  const touchHandlers = {
    onTouchStart(event: TouchEvent) {
      state.current.startX = event.touches[0]?.clientX ?? null;
    },
    onTouchEnd(event: TouchEvent) {
      const start = state.current.startX;
      state.current.startX = null;
      const end = event.changedTouches[0]?.clientX;
      if (start === null || end === undefined) return;
      const dx = end - start;
      if (dx < -GRAPH.swipeThresholdPx) show(1);
      else if (dx > GRAPH.swipeThresholdPx) show(0);
    },
  };

  return { view, sliding, target, show, touchHandlers };
}
