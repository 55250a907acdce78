/**
 * A small tour engine on driver.js: steps target elements by their
 * `data-tour` attribute, the popover offers 'Skip Tour', 'Previous', 'Next'
 * and 'Finish', and each step scrolls its target into view and highlights it.
 * A step whose target is hidden can reveal it first (e.g. switch the mobile
 * 'Bot Prompt' / 'Configuration' toggle) or point at a visible stand-in
 * (e.g. the burger for the sidebar on a phone); with neither, the popover
 * shows centred. While a step shows, the highlight follows its target when
 * the page swaps that element for another (see follow.ts).
 */
import { type Driver, type DriveStep, driver } from "driver.js";
import "driver.js/dist/driver.css";
import { followActiveTarget } from "./follow";
import "./tour.css";

/** One step of a tour. */
export interface TourStep {
  /** Value of the target's `data-tour` attribute. */
  target: string;
  title: string;
  description: string;
  side?: "top" | "right" | "bottom" | "left";
  /** Makes a hidden target visible before the step shows (the target appears within a moment). */
  reveal?(): void;
  /** A visible element to point at, with its own text, while the target stays hidden. */
  fallback?: { target: string; description: string };
}

export { requestReveal } from "./reveal";

/** Frames a revealed target must stay the same element (inputs may swap in their full version). */
const SETTLED_FRAMES = 8;

/**
 * Resolves once `find` has returned the same element for a few animation
 * frames in a row, or after `ms`.
 */
function waitForSettled(find: () => Element | undefined, ms: number): Promise<void> {
  const end = performance.now() + ms;
  let last: Element | undefined;
  let same = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const now = find();
      same = now && now === last ? same + 1 : 0;
      last = now;
      if (same >= SETTLED_FRAMES || performance.now() > end) resolve();
      else requestAnimationFrame(tick);
    };
    tick();
  });
}

/** The element a step points at: its visible target, else its visible stand-in, else none. */
function stepElement(step: TourStep): Element | undefined {
  return (
    findTourTarget(step.target) ??
    (step.fallback ? findTourTarget(step.fallback.target) : undefined)
  );
}

/** Options of a tour run. */
export interface TourOptions {
  /** Called when the tour ends (finished or skipped). */
  onEnd?(): void;
}

/** The visible element carrying `data-tour="target"`, if any. */
export function findTourTarget(target: string): Element | undefined {
  const candidates = document.querySelectorAll(`[data-tour="${CSS.escape(target)}"]`);
  for (const el of candidates) {
    const rect = el.getBoundingClientRect();
    const visible =
      rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < window.innerWidth;
    if (visible) return el;
  }
  return undefined;
}

/** Adds the 'Skip Tour' button to a popover's footer. */
function addSkipButton(footer: HTMLElement, tour: Driver): void {
  if (footer.querySelector(".pt-tour-skip")) return;
  const skip = document.createElement("button");
  skip.type = "button";
  skip.className = "pt-tour-skip";
  skip.textContent = "Skip Tour";
  skip.addEventListener("click", () => tour.destroy());
  footer.insertBefore(skip, footer.firstChild);
}

/** Starts a tour over `steps`; returns the driver (call destroy() to stop it). */
export function startTour(steps: readonly TourStep[], options: TourOptions = {}): Driver {
  let stopFollowing = () => {};
  const driveSteps: DriveStep[] = steps.map((s) => {
    return {
      // Resolved when the step shows: the page may have changed since the tour started.
      element: () => stepElement(s) as Element,
      popover: {
        title: s.title,
        description: s.description,
        ...(s.side ? { side: s.side } : {}),
        align: "start",
      },
    };
  });
  const tour = driver({
    steps: driveSteps,
    animate: true,
    smoothScroll: true,
    allowClose: true,
    allowKeyboardControl: true,
    overlayOpacity: 0.55,
    stagePadding: 6,
    stageRadius: 12,
    popoverClass: "pt-tour",
    showProgress: true,
    progressText: "{{current}} of {{total}}",
    showButtons: ["next", "previous"],
    nextBtnText: "Next",
    prevBtnText: "Previous",
    doneBtnText: "Finish",
    onPopoverRender: (popover, { driver: d }) => {
      popover.previousButton.disabled = d.isFirstStep();
      addSkipButton(popover.footer, d);
      const step = steps[d.getActiveIndex() ?? 0];
      if (step?.fallback && !findTourTarget(step.target)) {
        popover.description.textContent = step.fallback.description;
      }
    },
    onNextClick: (_el, _step, { driver: d }) => {
      if (d.isLastStep()) d.destroy();
      else void go(d, (d.getActiveIndex() ?? 0) + 1);
    },
    onPrevClick: (_el, _step, { driver: d }) => {
      if (!d.isFirstStep()) void go(d, (d.getActiveIndex() ?? 0) - 1);
    },
    onDestroyed: () => {
      stopFollowing();
      options.onEnd?.();
    },
  });
  /** Moves to step `index`, revealing its target first when it is hidden. */
  async function go(d: Driver, index: number): Promise<void> {
    const step = steps[index];
    if (step?.reveal && !findTourTarget(step.target)) {
      step.reveal();
      await waitForSettled(() => findTourTarget(step.target), 1500);
    }
    if (d.isActive()) d.moveTo(index);
  }
  tour.drive();
  stopFollowing = followActiveTarget({
    active: () => tour.isActive(),
    wanted: () => {
      const step = steps[tour.getActiveIndex() ?? -1];
      return step ? stepElement(step) : undefined;
    },
    highlighted: () => tour.getActiveElement(),
    rehighlight: () => tour.moveTo(tour.getActiveIndex() ?? 0),
  });
  return tour;
}
