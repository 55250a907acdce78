import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProgressController } from "./progress-controller";

describe("optimisation progress arithmetic", () => {
  let values: number[];
  let controller: ProgressController;
  beforeEach(() => {
    vi.useFakeTimers();
    values = [];
    controller = new ProgressController((v) => values.push(v));
  });
  afterEach(() => {
    controller.dispose();
    vi.useRealTimers();
  });

  it("adds 90/(iterations+1) per response and never passes 90", () => {
    controller.start(3);
    controller.recordResponse();
    expect(controller.progress).toBeCloseTo(22.5, 10);
    controller.recordResponse();
    expect(controller.progress).toBeCloseTo(45, 10);
    controller.recordResponse();
    controller.recordResponse();
    expect(controller.progress).toBe(90);
    controller.recordResponse();
    expect(controller.progress).toBe(90);
  });

  it("simulates 0.075 per 100 ms tick", () => {
    controller.start(4);
    vi.advanceTimersByTime(99);
    expect(controller.progress).toBe(0);
    vi.advanceTimersByTime(1);
    expect(controller.progress).toBeCloseTo(0.075, 10);
    vi.advanceTimersByTime(900);
    expect(controller.progress).toBeCloseTo(0.75, 10);
  });

  it("triples the tick once completed and caps the simulation at 90", () => {
    controller.start(1);
    controller.markCompleted();
    vi.advanceTimersByTime(1000);
    expect(controller.progress).toBeCloseTo(2.25, 10);
    controller.report(89.9);
    vi.advanceTimersByTime(1000);
    expect(controller.progress).toBe(90);
  });

  it("lets real values raise progress but not lower it, capped at 90", () => {
    controller.start(9);
    controller.recordResponse(); // 9
    controller.report(5);
    expect(controller.progress).toBe(9);
    controller.report(50);
    expect(controller.progress).toBe(50);
    controller.report(120);
    expect(controller.progress).toBe(90);
  });

  it("eases 90 → 100 in 20 steps of 50 ms, then calls back and resets the counters", () => {
    controller.start(1);
    controller.recordResponse();
    controller.recordResponse();
    expect(controller.progress).toBe(90);
    const done = vi.fn();
    values = [];
    controller.finish(done);
    vi.advanceTimersByTime(50);
    expect(controller.progress).toBeCloseTo(90.5, 10);
    vi.advanceTimersByTime(50 * 18);
    expect(done).not.toHaveBeenCalled();
    expect(controller.progress).toBeCloseTo(99.5, 10);
    vi.advanceTimersByTime(50);
    expect(controller.progress).toBe(100);
    expect(values).toHaveLength(20);
    expect(done).toHaveBeenCalledTimes(1);
    expect(controller.responseCount).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(controller.progress).toBe(100);
  });

  it("reset stops the simulation and returns to 0", () => {
    controller.start(2);
    controller.recordResponse();
    controller.reset();
    expect(controller.progress).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(controller.progress).toBe(0);
  });
});
