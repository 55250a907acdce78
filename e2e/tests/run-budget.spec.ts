import { expect, type Page, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";

/** Chooses an option of a Mantine Select by its visible label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option }).click();
  await expect(page.getByTestId(testId)).toHaveValue(option);
}

/** The number of model calls the estimate line announces for the current settings. */
async function estimatedCalls(page: Page): Promise<number> {
  await expect(page.getByTestId("run-estimate")).toHaveAttribute("data-stale", "false");
  const text = (await page.getByTestId("run-estimate").textContent()) ?? "";
  const match = /≈ (\d+) model calls · [\d.]+[kM]? tokens · /.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match?.[1]);
}

const HELD_OUT =
  /^([+−]\d+\.\d points, 95% CI [+−]?\d+\.\d…[+−]?\d+\.\d on \d+ held-out examples|No significant change on \d+ held-out examples \(.*\))$/;

test.describe("run budget and held-out numbers", () => {
  test("single-agent: the estimate follows the settings and the run ends with its held-out comparison", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("budget-single"));
    await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
    await expect(page.getByTestId("single-agent-page")).toBeVisible();
    await choose(page, "dataset-select", "DCH2 top dialogs (30)");
    await page.getByTestId("bot-prompt").fill("You are the support assistant of a shop.");
    const iterations = page.getByTestId("iterations-input");
    await iterations.fill("2");
    await iterations.blur();
    const two = await estimatedCalls(page);
    await iterations.fill("3");
    await iterations.blur();
    await expect.poll(() => estimatedCalls(page)).toBeGreaterThan(two);

    await page.getByTestId("optimize-button").click();
    await expect(page.getByTestId("completion-message")).toBeVisible({ timeout: 180_000 });
    await expect(page.getByTestId("held-out-summary")).toHaveText(HELD_OUT, { timeout: 60_000 });
    await expect(page.getByTestId("held-out-result")).toContainText("Held-out test score");
  });

  test("multi-agent: the estimate is shown next to Optimize and the held-out comparison after the run", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("budget-multi"));
    await expect(page.getByTestId("ma-configure-card")).toBeVisible();
    const iterations = page.getByTestId("ma-iterations");
    await iterations.fill("1");
    await iterations.blur();
    const one = await estimatedCalls(page);
    await page.getByRole("button", { name: "Add worker" }).click();
    await expect.poll(() => estimatedCalls(page)).toBeGreaterThan(one);

    await page.getByTestId("ma-optimize").click();
    await expect(page.getByText("Multi-Agent Optimization Completed!")).toBeVisible({
      timeout: 180_000,
    });
    await expect(page.getByTestId("held-out-summary")).toHaveText(HELD_OUT, { timeout: 60_000 });
  });
});
