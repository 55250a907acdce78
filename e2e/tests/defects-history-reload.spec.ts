import { expect, type Page, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";

/**
 * Issue 26 §3 item 5: a run loaded from the history shows what the live run
 * showed — iteration 0 in both graphs, the best badge and the initial
 * configuration's validation badge.
 */

async function whatThePageShows(page: Page) {
  const point0 = (panel: string) =>
    page.getByTestId(panel).locator('[data-testid="graph-point"][data-iteration="0"]');
  await expect(page.getByTestId("optimized-carousel").getByTestId(/^optimized-slide-/)).toHaveCount(
    2,
  );
  return {
    evaluation0: await point0("evaluation-panel").count(),
    embedding0: await point0("embedding-panel").count(),
    best: await page.getByTestId("best-badge").count(),
    initialBadge: await page
      .getByTestId("initial-card")
      .getByText(/^Validation: /)
      .textContent(),
  };
}

test("history reload keeps iteration 0 in both graphs, the best badge and the initial validation badge", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("history-reload"));
  await page.goto("/home");
  await expect(page.getByTestId("dataset-select")).not.toHaveValue("");
  const input = page.getByTestId("iterations-input");
  await input.fill("2");
  await input.blur();
  await page.getByTestId("bot-prompt").fill("You help hotel guests with check-in questions.");
  await page.getByTestId("optimize-button").click();
  await expect(page.getByTestId("completion-message")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("initial-card").getByText(/^Validation: /)).toBeVisible();
  const live = await whatThePageShows(page);
  expect(live.evaluation0).toBe(1);
  expect(live.embedding0).toBe(1);

  await page.goto("/profile");
  await page.getByRole("tab", { name: "History" }).click();
  await page
    .getByTestId("history-row")
    .first()
    .getByRole("button", { name: "Load into optimizer" })
    .click();
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByTestId("initial-card").getByText(/^Validation: /)).toBeVisible();
  expect(await whatThePageShows(page)).toEqual(live);
});

test("one rounding rule and one format: page, graphs and history agree; titles, not ids; one axis label", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("formats"));
  await page.goto("/home");
  await expect(page.getByTestId("dataset-select")).not.toHaveValue("");
  const input = page.getByTestId("iterations-input");
  await input.fill("2");
  await input.blur();
  await page.getByTestId("bot-prompt").fill("You answer questions about a city's bus lines.");
  await page.getByTestId("optimize-button").click();
  await expect(page.getByTestId("completion-message")).toBeVisible({ timeout: 120_000 });

  // Item 6: the initial badge and the graph's iteration 0 read the same value the same way.
  const badge =
    (await page
      .getByTestId("initial-card")
      .getByText(/^Validation: /)
      .textContent()) ?? "";
  const value = badge.replace("Validation: ", "");
  expect(value).toMatch(/^\d{1,3}\.\d%$/);
  // (the point's title may add its 95 % interval after the value)
  await expect(
    page.getByTestId("evaluation-panel").locator('[data-iteration="0"] title'),
  ).toHaveText(new RegExp(`^Iteration 0: ${value.replace(".", "\\.")}( \\(95% interval .+\\))?$`));
  // The same value in history reads the same (the initial score of the run).
  const history = await page.request.get("/api/auto-tune/optimize/history?mode=single");
  const [run] = (await history.json()).data as Array<{ initial_score: number }>;
  expect(Math.abs(Number.parseFloat(value) - (run?.initial_score ?? 0) * 100)).toBeLessThanOrEqual(
    0.05,
  );
  // Held-out differences in points with one decimal, percentages with one decimal.
  const heldOut = page.getByTestId("held-out-summary").first();
  if (await heldOut.count()) await expect(heldOut).toHaveText(/(\d\.\d points|No significant)/);

  // Item 12: the history names datasets by title (the id below it), every score one decimal.
  await page.goto("/profile");
  await page.getByRole("tab", { name: "History" }).click();
  const row = page.getByTestId("history-row").first();
  await expect(row.getByTestId("history-dataset")).toContainText("DCH2 top dialogs");
  for (const text of await row.getByTestId("history-scores").allTextContents()) {
    for (const pct of text.match(/[\d.]+%/g) ?? []) expect(pct).toMatch(/^\d{1,3}\.\d%$/);
  }
  // Both optimizer pages label the evaluation axis the same way.
  await page.goto("/");
  await expect(page.getByTestId("evaluation-panel").getByText("↑ Evaluation (%)")).toBeVisible();
  await page.goto("/home");
  await expect(page.getByTestId("evaluation-panel").getByText("↑ Evaluation (%)")).toBeVisible();
});
