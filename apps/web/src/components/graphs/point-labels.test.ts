import { describe, expect, it } from "vitest";
import { mergedLabels } from "./point-labels";

describe("graph point labels (issue 26 §3 item 7)", () => {
  it("gives coinciding points one label listing their iterations", () => {
    const labels = mergedLabels([
      { iteration: 2, cx: 100, cy: 100 },
      { iteration: 0, cx: 100, cy: 100 },
      { iteration: 1, cx: 103, cy: 98 },
      { iteration: 3, cx: 200, cy: 50 },
    ]);
    expect(labels.get(0)).toBe("0, 1, 2");
    expect(labels.get(1)).toBeNull();
    expect(labels.get(2)).toBeNull();
    expect(labels.get(3)).toBe("3");
  });
});
