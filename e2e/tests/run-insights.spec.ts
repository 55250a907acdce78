import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { artifactPath } from "../harness/artifacts";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { E2E_PORTS } from "../harness/ports";
import { LOADED_RUN_URL } from "../harness/urls";

/**
 * Results a user can inspect and trust (issue 26, items 1 and 2): the
 * per-example grid of two configurations with filters, search, details and
 * downloads; each iteration's reasoning with the validation chart and its
 * table; the lineage tree; multi-agent replies with their reasoning trace;
 * and a "best" badge that never contradicts the numbers — with nothing
 * accepted, both modes and the history reload say nothing beat the initial.
 */

const FIXTURE = `http://127.0.0.1:${E2E_PORTS.llm}/__fixture/config`;
const PROMPT = "You answer questions of Riverside Cinema visitors about tickets and showtimes.";

async function fixture(page: Page, config: { latencyMs?: number; faults?: unknown[] }) {
  const res = await page.request.post(FIXTURE, { data: config });
  expect(res.ok()).toBe(true);
}

/** Every reflection answer is unusable: no proposal can be accepted. */
const NO_PROPOSALS = [{ status: "invalid_json", match: "prompt_proposal" }];

/** Once the layout settled after a resize (charts re-measure on the next frames), nothing scrolls sideways. */
async function expectNoHorizontalScroll(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { timeout: 5_000 },
    )
    .toBeLessThanOrEqual(0);
}

/** Runs a single-agent optimisation from the page and waits for the completion message. */
async function runSingleFromPage(page: Page, prompt: string, iterations: number) {
  await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
  await expect(page.getByTestId("single-agent-page")).toBeVisible();
  await expect(page.getByTestId("dataset-select")).not.toHaveValue("");
  const input = page.getByTestId("iterations-input");
  await input.fill(String(iterations));
  await input.blur();
  await page.getByTestId("bot-prompt").fill(prompt);
  await page.getByTestId("optimize-button").click();
  await expect(page.getByTestId("completion-message")).toBeVisible({ timeout: 120_000 });
}

/** Runs a multi-agent optimisation from / and waits for the completion message. */
async function runMultiFromPage(page: Page, iterations: number) {
  await page.goto("/");
  const field = page.getByTestId("ma-iterations");
  await field.fill(String(iterations));
  await field.blur();
  await page.getByTestId("ma-optimize").click();
  await expect(page.getByTestId("ma-completion")).toBeVisible({ timeout: 120_000 });
}

const insights = (page: Page) => page.getByTestId("run-insights");

/** No serious or critical axe finding in the run insights card (badges, chips, chart). */
async function expectAccessibleInsights(page: Page) {
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page })
    .include("[data-testid='run-insights']")
    .analyze();
  const blocking = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(blocking).toEqual([]);
}

test.describe("run insights", () => {
  test.afterEach(async ({ page }) => {
    await fixture(page, { latencyMs: 20, faults: [] });
  });

  test("the per-example grid compares initial and presented, filters, searches, shows details and downloads (1280 and 375 px)", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("evidence"));
    await runSingleFromPage(page, PROMPT, 2);

    const grid = insights(page).getByTestId("evidence-grid");
    await grid.scrollIntoViewIfNeeded();
    const rows = grid.getByTestId("evidence-row");
    await expect(rows.first()).toBeVisible();
    await expect(grid.getByTestId("evidence-a")).toHaveValue(/^Initial \(iteration 0\)/);
    await expect(grid.getByTestId("evidence-b")).toHaveValue(/presented/);
    await expect(grid.getByText("Validation", { exact: true }).first()).toBeVisible();
    await expect(grid.getByText("Held-out test", { exact: true }).first()).toBeAttached();

    // Sorted by score change: the changes read from the rows never increase.
    const scores = await grid.getByTestId("evidence-scores").allTextContents();
    const changes = scores.map((s) =>
      Number(
        /\(([−+±])([\d.]+) pts\)/.exec(s)?.slice(1).join("").replace("−", "-").replace("±", ""),
      ),
    );
    expect(changes.length).toBeGreaterThan(0);
    for (let i = 1; i < changes.length; i++)
      expect(changes[i]).toBeLessThanOrEqual(changes[i - 1] as number);

    // Status filter: only "Both fail" rows (or none) remain.
    await grid.getByText(/^Both fail \(\d+\)$/).click();
    const statuses = await grid
      .getByTestId("evidence-row")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-status")));
    expect(statuses.every((s) => s === "both_fail")).toBe(true);
    await grid.getByText(/^All \(\d+\)$/).click();

    // Search narrows to the example searched for.
    const firstId = (await rows.first().locator("p").first().textContent()) ?? "";
    expect(firstId.length).toBeGreaterThan(0);
    await grid.getByTestId("evidence-search").fill(firstId);
    await expect(grid.getByText(/^1 example shown\./)).toBeVisible();

    // Details: conversation, reference, both replies with the judge's feedback.
    await rows
      .first()
      .getByRole("button", { name: `Show details of ${firstId}` })
      .click();
    const details = rows.first().getByTestId("evidence-details");
    await expect(details.getByText("Conversation")).toBeVisible();
    await expect(details.getByText("Reference:")).toBeVisible();
    await expect(
      details.getByTestId("evidence-answer-a").getByText("Judge feedback:"),
    ).toBeVisible();
    await expect(
      details.getByTestId("evidence-answer-b").getByText("Judge feedback:"),
    ).toBeVisible();
    // Each reply has the judge's checklist of rubric items, met or not.
    for (const side of ["a", "b"]) {
      const checklist = details.getByTestId(`evidence-answer-${side}-rubric`);
      await expect(checklist).toBeVisible();
      const items = checklist.locator("li");
      expect(await items.count()).toBeGreaterThan(0);
      for (const text of await items.allTextContents())
        expect(text).toMatch(/^[✓✗] .+ — (met|not met)$/);
      await expect(details.getByTestId(`evidence-answer-${side}`)).toContainText(
        /\d+ of \d+ rubric items? met/,
      );
    }
    await expect(rows.first().getByTestId("evidence-rubric-met")).toHaveText(
      /^Rubric: A \d+\/\d+ → B \d+\/\d+ met$/,
    );
    await expectNoHorizontalScroll(page);
    await expectAccessibleInsights(page);
    await page.screenshot({ path: artifactPath("insights-grid-1280.png"), fullPage: true });

    // Download: the CSV holds the searched example.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      grid.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    const csv = await readFile((await download.path()) as string, "utf8");
    expect(csv.split("\r\n")[0]).toMatch(/^example_id,split,status,change,conversation/);
    expect(csv).toContain(firstId);

    // Any iteration is selectable as B.
    await grid.getByTestId("evidence-search").fill("");
    await grid.getByTestId("evidence-b").click();
    await page.getByRole("option", { name: /^Iteration 1/ }).click();
    await expect(grid.getByTestId("evidence-b")).toHaveValue(/^Iteration 1/);
    await expect(rows.first()).toBeVisible();

    // 375 px: the grid and its details fit the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await rows.first().scrollIntoViewIfNeeded();
    const toggle = rows.first().getByRole("button", { name: / details of / });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(rows.first().getByTestId("evidence-answer-b")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: artifactPath("insights-grid-375.png"), fullPage: true });
    await insights(page).screenshot({ path: artifactPath("insights-card-375.png") });
  });

  test("reasoning and lineage: parent, proposals with outcomes, validation intervals with a table, and the tree (1280 and 375 px)", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("lineage"));
    await runSingleFromPage(page, PROMPT, 3);

    // The page's evaluation graph carries each iteration's validation interval as an error bar.
    await expect(page.getByTestId("evaluation-graph").getByTestId("graph-error-bar")).toHaveCount(
      4,
    );
    await insights(page).getByRole("tab", { name: "Reasoning" }).click();
    const panel = insights(page).getByTestId("reasoning-panel");
    await expect(panel.getByTestId("reasoning-iteration-0")).toBeVisible();
    const first = panel.getByTestId("reasoning-iteration-1");
    await expect(first.getByTestId("reasoning-proposals")).toBeVisible();
    await expect(first.getByText(/^(Accepted|Rejected|Skipped|Stopped): /).first()).toBeVisible();
    await expect(first.getByText(/minibatch \d+\.\d% vs parent \d+\.\d%/).first()).toBeVisible();

    const chart = panel.getByTestId("validation-chart");
    await expect(chart.getByTestId("error-bar").first()).toBeAttached();
    await chart.getByTestId("validation-point-1").hover();
    await expect(chart.getByTestId("validation-tooltip")).toHaveText(
      /^Iteration 1 \(.+\): validation \d+\.\d%, 95% interval \d+\.\d% to \d+\.\d% over \d+ examples$/,
    );
    // Round tick values only.
    const ticks = await chart.locator("svg text").allTextContents();
    expect(ticks.filter((t) => t.endsWith("%")).every((t) => /^\d+%$/.test(t))).toBe(true);
    // Click selects the iteration on the page.
    await chart.getByTestId("validation-point-2").click();
    await expect(chart.getByTestId("validation-point-2")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("optimized-carousel")).toHaveAttribute("data-index", "1");
    await expectAccessibleInsights(page);
    await chart.getByRole("button", { name: "Show as table" }).click();
    await expect(chart.getByTestId("validation-table")).toBeVisible();
    await expect(chart.getByTestId("validation-table").locator("tbody tr")).toHaveCount(4);

    await insights(page).getByRole("tab", { name: "Lineage" }).click();
    const tree = insights(page).getByTestId("lineage-tree");
    await expect(tree.getByTestId("lineage-node-0")).toBeVisible();
    await expect(tree.locator('[data-presented="true"]')).toHaveCount(1);
    await expect(tree.getByTestId("lineage-presented")).toHaveText("presented");
    await expectAccessibleInsights(page);
    await expectNoHorizontalScroll(page);
    await insights(page).screenshot({ path: artifactPath("insights-lineage-1280.png") });

    await page.setViewportSize({ width: 375, height: 800 });
    await tree.scrollIntoViewIfNeeded();
    await expect(tree.getByTestId("lineage-node-0")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await insights(page).screenshot({ path: artifactPath("insights-lineage-375.png") });
    await insights(page).getByRole("tab", { name: "Reasoning" }).click();
    await expect(panel.getByTestId("reasoning-iteration-1")).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test("multi-agent: each reply of the grid carries its reasoning trace", async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("ma-evidence"));
    await runMultiFromPage(page, 1);
    const grid = insights(page).getByTestId("evidence-grid");
    await grid.scrollIntoViewIfNeeded();
    await expect(grid.getByTestId("evidence-summary")).toHaveText(/examples? shown\./);
    const row = grid.getByTestId("evidence-row").first();
    await row.getByRole("button", { name: /^Show details of / }).click();
    const answer = row.getByTestId("evidence-answer-b");
    await answer.getByRole("button", { name: "Show reasoning trace" }).click();
    await expect(answer.getByTestId("evidence-answer-b-trace")).not.toBeEmpty();
    await insights(page).getByRole("tab", { name: "Lineage" }).click();
    await expect(insights(page).getByTestId("lineage-node-0")).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
  });

  test("the page's evaluation and embedding graphs: tooltips, click and Enter select the iteration, round ticks (1280 px)", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("graph-select"));
    await runSingleFromPage(page, PROMPT, 3);
    const evaluation = page.getByTestId("evaluation-graph");
    const embedding = page.getByTestId("embedding-graph");
    const carousel = page.getByTestId("optimized-carousel");
    const point = (graph: typeof evaluation, iteration: number) =>
      graph.locator(`[data-testid='graph-point'][data-iteration='${iteration}']`);

    // Hover shows the point's numbers in a tooltip.
    await point(evaluation, 1).hover();
    await expect(evaluation.getByTestId("graph-tooltip")).toHaveText(
      /^Iteration 1: \d+\.\d%( \(95% interval \d+\.\d%–\d+\.\d%\))?$/,
    );
    // Click selects that iteration on the page (the carousel shows it).
    await point(evaluation, 3).click();
    await expect(carousel).toHaveAttribute("data-index", "2");
    await expect(point(evaluation, 3)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("iteration-slider-value")).toHaveText("Iteration 3");
    // Keyboard: focus shows the tooltip, Enter selects.
    await point(embedding, 1).focus();
    await expect(embedding.getByTestId("graph-tooltip")).toHaveText(
      /^Iteration 1: \(-?\d+\.\d\d, -?\d+\.\d\d\)$/,
    );
    await page.keyboard.press("Enter");
    await expect(carousel).toHaveAttribute("data-index", "0");
    await expect(point(embedding, 1)).toHaveAttribute("aria-pressed", "true");

    // Round y ticks: evenly spaced values that are whole multiples of their step.
    for (const graph of [evaluation, embedding]) {
      const ticks = await graph.evaluate((svg) => {
        const box = (svg as SVGSVGElement).viewBox.baseVal;
        return [...svg.querySelectorAll<SVGTextElement>(":scope > g > text[text-anchor='end']")]
          .filter((t) => Number(t.getAttribute("x")) < box.width / 2)
          .map((t) => Number(t.textContent));
      });
      expect(ticks.length).toBeGreaterThanOrEqual(5);
      const step = Math.abs((ticks[1] ?? 0) - (ticks[0] ?? 0));
      expect(step).toBeGreaterThan(0);
      const unit = 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 2.5, 3, 5, 10]).toContainEqual(Number((step / unit).toFixed(6)));
      for (const t of ticks) expect(Math.abs(t / step - Math.round(t / step))).toBeLessThan(1e-6);
    }
    await expectNoHorizontalScroll(page);
  });

  test("multi-agent graphs: clicking a point selects that iteration in the carousel (1280 px)", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("ma-graph-select"));
    await runMultiFromPage(page, 2);
    const carousel = page.getByTestId("ma-optimized-carousel");
    const point = (graph: string, iteration: number) =>
      page.getByTestId(graph).locator(`[data-testid='graph-point'][data-iteration='${iteration}']`);
    await point("evaluation-graph", 2).click();
    await expect(carousel).toHaveAttribute("data-index", "1");
    await expect(point("evaluation-graph", 2)).toHaveAttribute("aria-pressed", "true");
    await point("embedding-graph", 1).focus();
    await expect(page.getByTestId("embedding-graph").getByTestId("graph-tooltip")).toContainText(
      "Iteration 1:",
    );
    await page.keyboard.press("Enter");
    await expect(carousel).toHaveAttribute("data-index", "0");
  });

  test("when nothing was accepted, no iteration is called best and both modes say nothing beat the initial, after a history reload too", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("nothing-beat"));
    await fixture(page, { latencyMs: 20, faults: NO_PROPOSALS });

    await runSingleFromPage(page, PROMPT, 2);
    await expect(page.getByTestId("completion-message")).toContainText(
      "Nothing beat the initial configuration",
    );
    await expect(page.getByTestId("best-badge")).toHaveCount(0);
    await expect(page.getByTestId("pick-reason")).toContainText(
      "Nothing beat the initial configuration",
    );
    await expect(page.getByTestId("pick-reason")).toHaveAttribute("data-beat-initial", "false");

    await runMultiFromPage(page, 1);
    await expect(page.getByTestId("ma-completion")).toContainText(
      "nothing beat the initial configuration",
    );
    await expect(page.getByTestId("ma-completion")).not.toContainText("see the improvements");
    await expect(page.getByTestId("best-badge")).toHaveCount(0);
    await expect(page.getByTestId("pick-reason")).toContainText(
      "Nothing beat the initial configuration",
    );

    // History reload: the loaded run says the same.
    await fixture(page, { latencyMs: 20, faults: [] });
    await page.goto("/profile");
    await page.getByRole("tab", { name: "History" }).click();
    await page
      .getByTestId("history-row")
      .first()
      .getByRole("button", { name: "Load into optimizer" })
      .click();
    await expect(page).toHaveURL(LOADED_RUN_URL);
    await expect(insights(page)).toBeVisible();
    await expect(page.getByTestId("pick-reason")).toContainText(
      "Nothing beat the initial configuration",
    );
    await expect(page.getByTestId("best-badge")).toHaveCount(0);
  });

  test("a presented configuration is called best only with the number its pick used", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("best-number"));
    await runSingleFromPage(page, PROMPT, 2);
    const reason = page.getByTestId("pick-reason");
    await expect(reason).toBeVisible();
    const text = (await reason.textContent()) ?? "";
    if ((await reason.getAttribute("data-beat-initial")) === "true") {
      expect(text).toMatch(/pooled score \d+\.\d% over \d+ validation examples/);
      const badge = page.getByTestId("best-badge");
      await expect(badge).toHaveCount(1);
      const label = (await badge.textContent()) ?? "";
      // "best" only when the card's own validation is not below the initial's.
      const card = page.getByTestId("optimized-card");
      const initial = await page.getByTestId("initial-card").textContent();
      const initialScore = Number(/(\d+\.\d)%/.exec(initial ?? "")?.[1]);
      const shown = Number(
        /(\d+\.\d)%/.exec(
          (await card
            .locator("[data-testid^='optimized-slide-']")
            .filter({ has: badge })
            .textContent()) ?? "",
        )?.[1],
      );
      expect(label === "best" ? shown >= initialScore : label === "presented").toBe(true);
    } else {
      expect(text).toContain("Nothing beat the initial configuration");
      await expect(page.getByTestId("best-badge")).toHaveCount(0);
    }
  });
});
