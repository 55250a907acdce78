import type { Driver } from "driver.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startTour, type TourStep } from "./engine";

const STEPS: readonly TourStep[] = [
  { target: "first", title: "First", description: "The first step." },
  { target: "second", title: "Second", description: "The second step." },
];

/** An element carrying `data-tour="name"`, added to the page. */
function anchor(name: string, tag = "div"): HTMLElement {
  const el = document.createElement(tag);
  el.dataset.tour = name;
  document.body.appendChild(el);
  return el;
}

/** The element carrying `data-tour="name"` and driver.js's highlight class, if any. */
function highlighted(name: string): Element | null {
  return document.querySelector(`[data-tour="${name}"].driver-active-element`);
}

describe("startTour", () => {
  const tours: Driver[] = [];
  /** Starts a tour over STEPS and shows its second step. */
  function atSecondStep(): Driver {
    const tour = startTour(STEPS);
    tours.push(tour);
    tour.moveTo(1);
    return tour;
  }
  /** Both steps' anchors, the tour at its second step and a spy on its moves from then on. */
  function spiedAtSecondStep() {
    anchor("first");
    const target = anchor("second");
    const tour = atSecondStep();
    return { target, tour, moveTo: vi.spyOn(tour, "moveTo") };
  }
  /** Resolves once a frame (where the follower checks) has passed. */
  const afterAFrame = () =>
    new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  beforeEach(() => {
    // jsdom has no CSS.escape; the anchors' names here need no escaping.
    if (typeof CSS === "undefined") vi.stubGlobal("CSS", { escape: (value: string) => value });
    // jsdom lays nothing out: give tour anchors a visible box so they count as on screen.
    const original = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (
      this: Element,
    ) {
      if (!this.hasAttribute("data-tour")) return original.call(this);
      return DOMRect.fromRect({ x: 10, y: 10, width: 120, height: 30 });
    });
  });
  afterEach(() => {
    for (const tour of tours.splice(0)) tour.destroy();
    document.body.innerHTML = "";
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("moves the highlight to the element that replaced the step's target", async () => {
    anchor("first");
    const standIn = anchor("second", "input");
    const tour = atSecondStep();
    expect(highlighted("second")).toBe(standIn);

    // The page swaps the target (e.g. a deferred input's stand-in for the real one).
    const real = document.createElement("input");
    real.dataset.tour = "second";
    standIn.replaceWith(real);

    await vi.waitFor(() => expect(highlighted("second")).toBe(real));
    expect(tour.getActiveIndex()).toBe(1);
  });

  it("highlights a target that appears after its step showed centred", async () => {
    anchor("first");
    atSecondStep();
    expect(highlighted("second")).toBeNull();

    const late = anchor("second");
    await vi.waitFor(() => expect(highlighted("second")).toBe(late));
  });

  it("leaves a step alone when its target goes away without a replacement", async () => {
    const { target, tour, moveTo } = spiedAtSecondStep();
    target.remove();
    document.body.appendChild(document.createElement("p"));
    await afterAFrame();
    expect(moveTo).not.toHaveBeenCalled();
    expect(tour.getActiveIndex()).toBe(1);
  });

  it("stops following once the tour has ended", async () => {
    const { target, tour, moveTo } = spiedAtSecondStep();
    tour.destroy();
    target.replaceWith(document.createElement("input"));
    anchor("second");
    await afterAFrame();
    expect(moveTo).not.toHaveBeenCalled();
    expect(document.querySelector(".driver-active-element")).toBeNull();
  });
});
