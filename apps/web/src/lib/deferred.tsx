import { type ReactNode, Suspense, useEffect, useState } from "react";

/** Longest wait for a frame before deferred work starts anyway (hidden tabs get no frames). */
const FRAME_WAIT_CAP_MS = 250;

/**
 * Runs `fn` once, after the browser has painted the next frame (a frame
 * callback, then a task), or after a short cap when no frame comes. Deferred
 * chunks start loading here, so they never compete with the first render.
 * Returns a cancel function.
 */
export function afterNextPaint(fn: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  const timers: ReturnType<typeof setTimeout>[] = [setTimeout(run, FRAME_WAIT_CAP_MS)];
  const frame =
    typeof requestAnimationFrame === "function"
      ? requestAnimationFrame(() => timers.push(setTimeout(run, 0)))
      : undefined;
  return () => {
    done = true;
    for (const t of timers) clearTimeout(t);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}

/** False on the first render and until the frame after mount has been painted, then true. */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}

/**
 * Renders `children` (typically a React.lazy component: a separate chunk)
 * only after the first paint, so their chunk is requested once the page's
 * main content is on screen; `placeholder` shows until they have loaded. A
 * chunk that fails raises the spec's ChunkLoadError to the route's error screen.
 */
export function DeferredSection({
  children,
  placeholder,
}: {
  children: ReactNode;
  placeholder: ReactNode;
}) {
  const painted = useAfterFirstPaint();
  if (!painted) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}

/**
 * True from the first time `open` is true on: a modal whose code is a lazy
 * chunk mounts when first opened and stays mounted (its close transition, a
 * quick reopening).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

/**
 * `opened`, but false on the first render: a dialog whose code was loaded by
 * its first opening mounts closed and opens right after, so it records the
 * element that had focus (and returns focus there when it closes) and plays
 * its opening transition like any other dialog.
 */
export function useOpenAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return opened && mounted;
}
