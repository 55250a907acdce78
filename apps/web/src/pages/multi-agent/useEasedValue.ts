import { PROGRESS } from "@promptune/contracts";
import { useEffect, useRef, useState } from "react";

/**
 * A number that eases to each new target over `durationMs` (spec §4: the
 * multi-agent progress display eases to each new value over 500 ms).
 * Drops straight to lower targets (a new run starts at 0).
 */
export function useEasedValue(
  target: number,
  durationMs: number = PROGRESS.multiAgentEaseMs,
): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);

  useEffect(() => {
    const from = shownRef.current;
    if (target <= from || typeof requestAnimationFrame !== "function") {
      shownRef.current = target;
      setShown(target);
      return;
    }
    const started = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / durationMs);
      const eased = 1 - (1 - t) ** 3;
      const value = from + (target - from) * eased;
      shownRef.current = value;
      setShown(value);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  return shown;
}
