/**
 * A small tour engine on driver.js: steps target elements by their
 * `data-tour` attribute, the popover offers 'Skip Tour', 'Previous', 'Next'
 * and 'Finish', and each step scrolls its target into view and highlights it.
 * A step whose target is missing or hidden (e.g. the sidebar on a phone)
 * shows its popover centred instead.
 */
import { type Driver, type DriveStep, driver } from "driver.js";
import "driver.js/dist/driver.css";
import "./tour.css";

/** One step of a tour. */
export interface TourStep {
  /** Value of the target's `data-tour` attribute. */
  target: string;
  title: string;
  description: string;
  side?: "top" | "right" | "bottom" | "left";
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
  const driveSteps: DriveStep[] = steps.map((s) => {
    const element = findTourTarget(s.target);
    return {
      ...(element ? { element } : {}),
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
    },
    onDestroyed: () => options.onEnd?.(),
  });
  tour.drive();
  return tour;
}
