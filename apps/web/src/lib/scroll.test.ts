/**
 * Scrolling to a section after navigation: the scroll waits for the section,
 * follows it when content rendered above it pushes it down, and leaves the
 * page alone once the user scrolls by themselves.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scrollToIdWhenReady } from "./scroll";

/** The section's top in the viewport, as the test moves it; jsdom lays nothing out. */
let sectionTop = 0;
let scrollTo: ReturnType<typeof vi.fn>;

function addSection(): void {
  const el = document.createElement("section");
  el.id = "configure";
  el.getBoundingClientRect = () => ({ top: sectionTop }) as DOMRect;
  document.body.append(el);
}

/** The page positions every scroll so far aimed at. */
const aims = () => scrollTo.mock.calls.map(([o]) => (o as ScrollToOptions).top);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["requestAnimationFrame", "performance", "setTimeout"] });
  sectionTop = 0;
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("scrollToIdWhenReady", () => {
  it("scrolls once the section exists and has stopped moving", () => {
    scrollToIdWhenReady("configure");
    vi.advanceTimersByTime(500);
    expect(scrollTo).not.toHaveBeenCalled();
    sectionTop = 300;
    addSection();
    vi.advanceTimersByTime(200);
    expect(aims()).toEqual([300 - 12]);
  });

  it("waits for a page that takes several seconds to render", () => {
    scrollToIdWhenReady("configure");
    vi.advanceTimersByTime(6_000);
    sectionTop = 374;
    addSection();
    vi.advanceTimersByTime(200);
    expect(aims()).toEqual([374 - 12]);
  });

  it("scrolls again when content rendered above pushes the section down", () => {
    addSection();
    scrollToIdWhenReady("configure");
    vi.advanceTimersByTime(200);
    expect(aims()).toEqual([0]);
    sectionTop = 374;
    vi.advanceTimersByTime(200);
    expect(aims()).toEqual([0, 374 - 12]);
  });

  it("leaves the page alone once the user scrolls", () => {
    addSection();
    scrollToIdWhenReady("configure");
    vi.advanceTimersByTime(200);
    window.dispatchEvent(new Event("wheel"));
    sectionTop = 374;
    vi.advanceTimersByTime(500);
    expect(aims()).toEqual([0]);
  });

  it("stops following the section once the page has settled", () => {
    addSection();
    scrollToIdWhenReady("configure");
    vi.advanceTimersByTime(2_000);
    sectionTop = 374;
    vi.advanceTimersByTime(500);
    expect(aims()).toEqual([0]);
  });
});
