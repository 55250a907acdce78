import { describe, expect, it } from "vitest";
import {
  embeddingDomain,
  embeddingGeometry,
  evaluationDomain,
  evaluationGeometry,
  evenTicks,
  formatEvaluationTick,
  graphSizeFor,
  placeEmbeddingPoints,
  pointColor,
  roundTicks,
} from "./scales";

describe("graph sizes by window width", () => {
  it("follows the 1200 / 768 / 480 breakpoints", () => {
    expect(graphSizeFor(1280)).toEqual({ width: 450, height: 350, padding: 60 });
    expect(graphSizeFor(1200)).toEqual({ width: 450, height: 350, padding: 60 });
    expect(graphSizeFor(1199)).toEqual({ width: 400, height: 300, padding: 50 });
    expect(graphSizeFor(768)).toEqual({ width: 400, height: 300, padding: 50 });
    expect(graphSizeFor(767)).toEqual({ width: 350, height: 250, padding: 45 });
    expect(graphSizeFor(480)).toEqual({ width: 350, height: 250, padding: 45 });
    expect(graphSizeFor(375)).toEqual({ width: 300, height: 200, padding: 40 });
  });
});

describe("embedding axes", () => {
  it("have 6 round ticks covering min to max, labelled with 2 decimals", () => {
    const g = embeddingGeometry(
      [
        { iteration: 0, x: -0.5, y: 0.1 },
        { iteration: 1, x: 0.5, y: 0.35 },
      ],
      graphSizeFor(1280),
    );
    expect(g.xTicks).toHaveLength(6);
    expect(g.xTicks.map(g.formatX)).toEqual(["-0.50", "-0.25", "0.00", "0.25", "0.50", "0.75"]);
    expect(g.yTicks.map(g.formatY)).toEqual(["0.10", "0.15", "0.20", "0.25", "0.30", "0.35"]);
    expect(g.x(-0.5)).toBe(60);
    expect(g.x(0.75)).toBe(390);
    expect(g.y(0.1)).toBe(290);
  });

  it("widen the range by 0.1 when all values are equal", () => {
    expect(embeddingDomain([0.3, 0.3, 0.3])).toEqual([0.3 - 0.1, 0.3 + 0.1]);
  });
});

describe("evaluation axis", () => {
  it("pads the range by 10 % and floors it at 0, with 5 round ticks", () => {
    expect(evaluationDomain([40, 60])).toEqual([38, 62]);
    expect(evaluationDomain([1, 50])[0]).toBe(0);
    const g = evaluationGeometry(
      [
        { iteration: 0, x: 0, y: 40 },
        { iteration: 1, x: 1, y: 60 },
        { iteration: 2, x: 2, y: 60 },
      ],
      graphSizeFor(375),
    );
    expect(g.yTicks).toEqual([30, 40, 50, 60, 70]);
    expect(g.y.domain()).toEqual([30, 70]);
    expect(g.xTicks).toEqual([0, 1, 2]);
    expect(g.yTicks.map(g.formatY)).toEqual(["30", "40", "50", "60", "70"]);
    expect(
      evaluationGeometry([{ iteration: 0, x: 0, y: 0 }], graphSizeFor(375)).yTicks.map(
        formatEvaluationTick,
      ),
    ).toEqual(["0", "0.25", "0.5", "0.75", "1"]);
  });

  it("pads equal values by 10 % of the value", () => {
    expect(evaluationDomain([50, 50])).toEqual([45, 55]);
  });
});

describe("round ticks", () => {
  it("step by 1, 2, 2.5, 3 or 5 times a power of ten and cover the whole domain", () => {
    expect(roundTicks([59.5, 63.8], 5)).toEqual([58, 60, 62, 64, 66]);
    expect(roundTicks([4, 106], 5)).toEqual([0, 30, 60, 90, 120]);
    expect(roundTicks([65.3, 84.3], 5)).toEqual([65, 70, 75, 80, 85]);
    expect(roundTicks([0.2, 0.4], 6)).toEqual([0.2, 0.25, 0.3, 0.35, 0.4, 0.45]);
    expect(roundTicks([-3.2, -1.1], 6)).toEqual([-3.5, -3, -2.5, -2, -1.5, -1]);
  });

  it("never step finer than the labels' two decimals", () => {
    expect(roundTicks([0.001, 0.004], 6)).toEqual([0, 0.01, 0.02, 0.03, 0.04, 0.05]);
  });
});

describe("point colours", () => {
  it("are orange up to the slider value + 1 and for iteration 0, blue after", () => {
    expect(pointColor(0, 0)).toBe("#FB9205");
    expect(pointColor(1, 0)).toBe("#FB9205");
    expect(pointColor(2, 0)).toBe("#2196F3");
    expect(pointColor(3, 2)).toBe("#FB9205");
    expect(pointColor(4, 2)).toBe("#2196F3");
  });
});

describe("spiral fallback", () => {
  it("keeps known points and places the others at distinct spots around their centre", () => {
    const placed = placeEmbeddingPoints([
      { iteration: 0, x: 0, y: 0 },
      { iteration: 1, x: 1, y: 1 },
      { iteration: 2 },
      { iteration: 3, x: null, y: null },
    ]);
    expect(placed[0]).toEqual({ iteration: 0, x: 0, y: 0 });
    expect(placed[1]).toEqual({ iteration: 1, x: 1, y: 1 });
    const [a, b] = [placed[2], placed[3]];
    expect(a && b && Number.isFinite(a.x) && Number.isFinite(b.y)).toBe(true);
    expect(a?.x === b?.x && a?.y === b?.y).toBe(false);
    for (const p of [a, b])
      expect(Math.hypot((p?.x ?? 9) - 0.5, (p?.y ?? 9) - 0.5)).toBeLessThan(0.3);
  });
});

describe("evenTicks", () => {
  it("returns exactly count values including both ends", () => {
    expect(evenTicks([0, 1], 5)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});
