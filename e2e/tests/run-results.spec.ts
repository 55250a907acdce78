import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { artifactPath } from "../harness/artifacts";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { runSingleOptimisation, startAndCancelSingleRun } from "../harness/runs";
import { LOADED_RUN_URL } from "../harness/urls";

const INITIAL_PROMPT =
  "You answer questions of Lakeside Library visitors about loans and opening hours.";
const STOPPED_PROMPT = "You answer questions of Hillcrest Bakery customers about cakes.";

async function openHistory(page: Page) {
  await page.goto("/profile");
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByTestId("history-row").first()).toBeVisible();
}

/** The history row whose preview starts with `prompt`. */
function rowOf(page: Page, prompt: string) {
  return page
    .getByTestId("history-row")
    .filter({ has: page.getByTestId("history-preview").filter({ hasText: prompt.slice(0, 40) }) });
}

/** The page has no horizontal scroll. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** No serious or critical axe finding inside `selector` (badges' contrast, the diff's colours). */
async function expectAccessible(page: Page, selector: string) {
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  const blocking = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(blocking, `axe on ${selector}`).toEqual([]);
}

test.describe("trustworthy results: history rows and prompt diffs", () => {
  test("history rows show preview, scores, status and mode; the diff shows in history and on /home; 'Load to integration' confirms and toasts", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("results"));
    await startAndCancelSingleRun(page, STOPPED_PROMPT);
    const result = await runSingleOptimisation(page, { prompt: INITIAL_PROMPT, iterations: 2 });
    expect(result.prompts).toHaveLength(2);

    // Rows tell runs apart.
    await openHistory(page);
    const done = rowOf(page, INITIAL_PROMPT);
    await expect(done.getByTestId("history-preview")).toHaveText(INITIAL_PROMPT);
    await expect(done.getByTestId("history-status")).toHaveText("Completed");
    await expect(done.getByTestId("history-mode-badge")).toHaveText("Single-Agent");
    await expect(done.getByTestId("history-scores")).toHaveText(
      /^Validation \d+\.\d%Held-out \d+\.\d%$/,
    );
    const stopped = rowOf(page, STOPPED_PROMPT);
    await expect(stopped.getByTestId("history-status")).toHaveText("Stopped", { timeout: 20_000 });
    await page.screenshot({ path: artifactPath("results-history-1280.png"), fullPage: true });
    await expectAccessible(page, "[data-testid='history-tab']");

    // 'Changes' shows the presented step as a word diff against the initial prompt.
    await done.getByRole("button", { name: "Changes" }).click();
    const changes = page.getByRole("dialog", { name: "Prompt Changes" });
    const diff = changes.getByTestId("prompt-diff");
    await expect(diff).toHaveCount(1);
    await expect(diff.getByTestId("diff-added")).toHaveText(/^\+\d+ words? added$/);
    await expect(diff.locator("ins").first()).toBeVisible();
    await page.screenshot({ path: artifactPath("results-history-diff-1280.png") });
    await expectAccessible(page, "[role='dialog']");
    await changes.getByRole("button", { name: "Close" }).click();
    await expect(changes).toBeHidden();

    // Medium and small screens: cards, no horizontal scroll.
    for (const width of [900, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByTestId("history-cards")).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: artifactPath(`results-history-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The diff on the optimizer page, after loading the run.
    await done.getByRole("button", { name: "Load into optimizer" }).click();
    await expect(page).toHaveURL(LOADED_RUN_URL);
    const card = page.getByTestId("prompt-changes");
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId("show-diff").click();
    await expect(card.getByTestId("prompt-diff")).toBeVisible();
    await expect(card.locator("ins").first()).toBeVisible();
    await card.screenshot({ path: artifactPath("results-single-diff-1280.png") });

    // 'Load to integration' asks first; Cancel changes nothing.
    await page.request.post("/api/telegram/integration", {
      data: {
        username: "@results_owner",
        friends_usernames: [],
        init_config: { model_name: "gpt-4o", prompt: "Live before prompt.", temperature: 0.7 },
        opti_config: { model_name: "gpt-4o", prompt: "Live after prompt.", temperature: 0.7 },
      },
    });
    await openHistory(page);
    await rowOf(page, INITIAL_PROMPT).getByRole("button", { name: "Load to integration" }).click();
    const confirm = page.getByRole("dialog", { name: "Load to integration?" });
    await expect(confirm).toContainText("replaced");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    const live = await (await page.request.get("/api/telegram/integration")).json();
    expect(live.data.opti_config.prompt).toBe("Live after prompt.");

    await rowOf(page, INITIAL_PROMPT).getByRole("button", { name: "Load to integration" }).click();
    await confirm.getByRole("button", { name: "Replace bot prompts" }).click();
    await expect(page).toHaveURL(/\/integration$/);
    await expect(
      page.getByText("Integration updated: your Telegram bots now use this run's prompts."),
    ).toBeVisible();
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(INITIAL_PROMPT);
  });

  test("multi-agent: every agent's prompt and description is diffed against the initial team", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("team-diff"));
    const iterations = page.getByTestId("ma-iterations");
    await iterations.fill("1");
    await iterations.blur();
    const workers = Number(await page.getByTestId("ma-worker-count").textContent());
    const names = await Promise.all(
      Array.from({ length: workers }, (_, i) =>
        page.getByTestId(`ma-worker-${i}`).getByLabel("Name").inputValue(),
      ),
    );
    await page.getByTestId("ma-optimize").click();
    await expect(page.getByText("Multi-Agent Optimization Completed!")).toBeVisible({
      timeout: 180_000,
    });
    const changes = page.getByTestId("ma-team-changes");
    await changes.scrollIntoViewIfNeeded();
    await changes.getByTestId("show-diff").click();
    const diffs = changes.getByTestId("prompt-diff");
    await expect(diffs).toHaveCount(2 + 2 * workers);
    const labels = await diffs.evaluateAll((els) => els.map((e) => e.getAttribute("data-label")));
    expect(labels).toEqual([
      "Coordinator — prompt",
      "Coordinator — description",
      ...names.flatMap((n) => [`${n} — prompt`, `${n} — description`]),
    ]);
    await changes.screenshot({ path: artifactPath("results-multi-diff-1280.png") });
  });
});
