import { expect, type Page, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";

/**
 * Issue 26 §3: what the optimizer page keeps — a finished run survives a
 * reload and has a permalink, and two tabs keep their own settings (item 2).
 */

const slides = (page: Page) =>
  page.getByTestId("optimized-carousel").getByTestId(/^optimized-slide-/);

/** Opens /home signed in and waits for the defaults (dataset chosen). */
async function openOptimizer(page: Page) {
  await page.goto("/home");
  await expect(page.getByTestId("single-agent-page")).toBeVisible();
  await expect(page.getByTestId("dataset-select")).not.toHaveValue("");
}

/** Runs `iterations` from the page's controls and waits for the completion message. */
async function runFromPage(page: Page, prompt: string, iterations: number) {
  const input = page.getByTestId("iterations-input");
  await input.fill(String(iterations));
  await input.blur();
  await page.getByTestId("bot-prompt").fill(prompt);
  await page.getByTestId("optimize-button").click();
  await expect(page.getByTestId("completion-message")).toBeVisible({ timeout: 120_000 });
}

test("a finished run comes back on reload and through its permalink", async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("permalink"));
  await openOptimizer(page);
  const prompt = "You answer questions about a ferry timetable. Quote departure times exactly.";
  await runFromPage(page, prompt, 2);
  await expect(slides(page)).toHaveCount(2);
  await expect(page).toHaveURL(/\/home\?run=[\w-]+$/);
  const permalink = page.url();

  await page.reload();
  await expect(slides(page)).toHaveCount(2);
  await expect(page.getByTestId("bot-prompt")).toHaveValue(prompt);

  // The permalink in a fresh tab shows the same run.
  const other = await context.newPage();
  await other.setViewportSize({ width: 1280, height: 900 });
  await other.goto(permalink);
  await expect(slides(other)).toHaveCount(2);
  await expect(other.getByTestId("bot-prompt")).toHaveValue(prompt);

  // A run id that is not the caller's is refused, and nothing is loaded.
  await other.goto("/home?run=no-such-run");
  await expect(other.getByText("This optimization run was not found.")).toBeVisible();
  await expect(other).toHaveURL(/\/home$/);
});

test("two tabs keep their own prompt across a reload", async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openOptimizer(page);
  await page.getByTestId("bot-prompt").fill("Tab A: you are a librarian.");
  const tabB = await context.newPage();
  await openOptimizer(tabB);
  await tabB.getByTestId("bot-prompt").fill("Tab B: you are a chef.");
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.getByTestId("bot-prompt")).toHaveValue("Tab A: you are a librarian.");
  await tabB.reload();
  await expect(tabB.getByTestId("bot-prompt")).toHaveValue("Tab B: you are a chef.");
  // A new tab starts from the latest settings.
  const tabC = await context.newPage();
  await openOptimizer(tabC);
  await expect(tabC.getByTestId("bot-prompt")).toHaveValue("Tab B: you are a chef.");
});

test("the prompt shows its length and the 20,000 limit while typing, and why no estimate shows", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("prompt-limit"));
  await openOptimizer(page);
  const prompt = page.getByTestId("bot-prompt");
  await prompt.fill("Be kind.");
  await expect(page.getByTestId("prompt-length")).toHaveText("8 / 20,000 characters");
  await expect(page.getByTestId("run-estimate")).toBeVisible();
  await prompt.fill("x".repeat(20_001));
  await expect(page.getByTestId("prompt-length")).toHaveText("20,001 / 20,000 characters");
  await expect(page.getByText("The prompt is too long: at most 20,000 characters.")).toBeVisible();
  // The estimate does not silently disappear: the server's reason shows in its place.
  await expect(page.getByTestId("run-estimate-refused")).toContainText("20000");
  await expect(page.getByTestId("run-estimate")).toHaveCount(0);
  await prompt.fill("x".repeat(20_000));
  await expect(page.getByText("The prompt is too long: at most 20,000 characters.")).toHaveCount(0);
  await expect(page.getByTestId("run-estimate")).toBeVisible();
});

test("after Stop the progress keeps how far the run got beside the result shown", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const fixture = `http://127.0.0.1:${Number(process.env.E2E_PORT_BASE ?? 4310) + 1}/__fixture/config`;
  await page.request.post(fixture, { data: { latencyMs: 400 } });
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("stop-progress"));
    await openOptimizer(page);
    const input = page.getByTestId("iterations-input");
    await input.fill("6");
    await input.blur();
    await page
      .getByTestId("bot-prompt")
      .fill("You sell kayaks. Answer sizing questions precisely.");
    await page.getByTestId("optimize-button").click();
    const done = page.getByTestId("iteration-steps").locator('[data-state="done"]');
    await expect(done).toHaveCount(1, { timeout: 60_000 });
    await page.getByTestId("stop-button").click();
    await expect(page.getByText("Optimization stopped")).toBeVisible({ timeout: 30_000 });
    await expect(slides(page).first()).toBeVisible();
    const count = await slides(page).count();
    expect(count).toBeGreaterThanOrEqual(1);
    await expect(page.getByText("Ready to optimize")).toHaveCount(0);
    await expect(page.getByText(`Stopped after ${count} of 6 iterations`)).toBeVisible();
    await expect(page.getByTestId("progress-percent").first()).not.toHaveText("0%");
    await expect(done).toHaveCount(count);
  } finally {
    await page.request.post(fixture, { data: { latencyMs: 20, faults: [] } });
  }
});
