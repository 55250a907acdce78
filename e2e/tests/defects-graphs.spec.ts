import { expect, type Locator, type Page, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { E2E_PORTS } from "../harness/ports";

/**
 * Issue 26 §3 item 7: with ten workers the agent diagram shows every name in
 * full and no edge crosses a node; graph labels of coinciding points never
 * overlap.
 */

const FIXTURE = `http://127.0.0.1:${E2E_PORTS.llm}/__fixture/config`;
/** Every reflection answer is unusable: each iteration keeps the initial prompt (the same embedding). */
const NO_PROPOSALS = [{ status: "invalid_json", match: "prompt_proposal" }];

async function fixture(page: Page, faults: unknown[]) {
  const res = await page.request.post(FIXTURE, { data: { latencyMs: 20, faults } });
  expect(res.ok()).toBe(true);
}

/** Drawn boxes (in the SVG's own units) of the text elements a selector finds. */
async function textBoxes(root: Locator, selector: string) {
  return root.evaluate(
    (el, sel) =>
      [...el.querySelectorAll<SVGTextElement>(sel)].map((t) => {
        const b = t.getBBox();
        return { text: t.textContent ?? "", x: b.x, y: b.y, w: b.width, h: b.height };
      }),
    selector,
  );
}

/** Pairs of boxes that overlap (by more than half a unit each way). */
function overlaps(boxes: { text: string; x: number; y: number; w: number; h: number }[]) {
  const pairs: string[] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 0.5 && dy > 0.5) pairs.push(`"${a.text}" / "${b.text}"`);
    }
  });
  return pairs;
}

test("coinciding embedding points share one label instead of a pile of labels", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("coinciding-labels"));
  await fixture(page, NO_PROPOSALS);
  try {
    await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
    await expect(page.getByTestId("dataset-select")).not.toHaveValue("");
    const input = page.getByTestId("iterations-input");
    await input.fill("2");
    await input.blur();
    await page
      .getByTestId("bot-prompt")
      .fill("You answer questions of Riverside Cinema visitors about tickets and showtimes.");
    await page.getByTestId("optimize-button").click();
    await expect(page.getByTestId("completion-message")).toBeVisible({ timeout: 120_000 });
  } finally {
    await fixture(page, []);
  }

  // Nothing was accepted: iterations 0, 1 and 2 hold the same prompt, drawn at one place.
  const graph = page.getByTestId("embedding-graph");
  const points = graph.locator("[data-testid='graph-point']");
  await expect(points).toHaveCount(3);
  const centres = await points.evaluateAll((gs) =>
    gs.map((g) => {
      const c = g.querySelector("circle") as SVGCircleElement;
      return { x: c.cx.baseVal.value, y: c.cy.baseVal.value };
    }),
  );
  const first = centres[0] ?? { x: Number.NaN, y: Number.NaN };
  for (const c of centres) expect(Math.hypot(c.x - first.x, c.y - first.y)).toBeLessThan(8);

  // One label lists the three iterations; no two labels overlap.
  const labels = await textBoxes(graph, "[data-testid='graph-point'] text");
  expect(labels.map((l) => l.text)).toEqual(["0, 1, 2"]);
  expect(overlaps(labels)).toEqual([]);
});

test("ten workers: full names and no edge through a node", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(page.getByTestId("ma-configure-card")).toBeVisible();
  const add = page.getByRole("button", { name: "Add worker" });
  while ((await page.getByTestId("ma-worker-count").textContent()) !== "10") await add.click();
  const diagram = page.getByTestId("ma-initial-diagram");
  await expect(diagram.locator("[data-agent^='worker-']")).toHaveCount(10);

  // Every worker's name is shown in full.
  const expected: string[] = [];
  for (let i = 0; i < 10; i++) {
    expected.push(await page.getByTestId(`ma-worker-${i}`).getByLabel("Name").inputValue());
  }
  const labels = await diagram.locator("[data-agent^='worker-'] text").allTextContents();
  for (const name of expected) expect(labels).toContain(name);
  expect(labels.filter((t) => t.includes("…"))).toEqual([]);
  // No two agent labels overlap.
  expect(overlaps(await textBoxes(diagram, "[data-agent] text"))).toEqual([]);

  // No edge passes through a node other than its own two ends.
  const crossings = await diagram.evaluate((figure) => {
    const nodes = [...figure.querySelectorAll<SVGCircleElement>("circle.ma-agent-body")].map(
      (c) => ({
        x: c.cx.baseVal.value,
        y: c.cy.baseVal.value,
        r: c.r.baseVal.value,
      }),
    );
    let hits = 0;
    for (const edge of figure.querySelectorAll<SVGPathElement>("[data-testid='agent-edge']")) {
      const length = edge.getTotalLength();
      const start = edge.getPointAtLength(0);
      const end = edge.getPointAtLength(length);
      for (let at = 0; at <= length; at += 2) {
        const p = edge.getPointAtLength(at);
        for (const n of nodes) {
          const d = Math.hypot(p.x - n.x, p.y - n.y);
          const ownEnd =
            Math.hypot(start.x - n.x, start.y - n.y) <= n.r + 2 ||
            Math.hypot(end.x - n.x, end.y - n.y) <= n.r + 2;
          if (!ownEnd && d < n.r - 1) hits++;
        }
      }
    }
    return hits;
  });
  expect(crossings).toBe(0);
});
