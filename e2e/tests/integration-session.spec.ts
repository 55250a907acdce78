import { expect, type Page, test } from "@playwright/test";
import { artifactPath } from "../harness/artifacts";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { runSingleOptimisation } from "../harness/runs";

const SAVED = {
  username: "@session_owner",
  friends_usernames: ["@friend"],
  init_config: {
    model_name: "gpt-4o",
    prompt: "You greet guests of Pine Lodge.",
    temperature: 0.65,
  },
  opti_config: {
    model_name: "gpt-4.1",
    prompt: "You greet guests of Pine Lodge warmly and name the check-in time.",
    temperature: 0.48,
  },
};

async function saveIntegration(page: Page, body = SAVED) {
  const res = await page.request.post("/api/telegram/integration", { data: body });
  expect(res.ok()).toBe(true);
}

async function storedIntegration(page: Page) {
  return (await (await page.request.get("/api/telegram/integration")).json()).data as typeof SAVED;
}

/**
 * The page has no horizontal scroll once the layout has settled (a toast sliding in or a
 * resize in progress widens it for a moment); a lasting overflow still fails.
 */
async function expectNoHorizontalScroll(page: Page) {
  const width = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;
  await expect.poll(() => page.evaluate(width), { timeout: 5_000 }).toBeLessThanOrEqual(0);
}

test.describe("integration and session", () => {
  test("each configuration shows and keeps its own model and temperature; invalid fields are marked", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("int-config"));
    await saveIntegration(page);
    await page.goto("/integration");
    await expect(page.getByLabel("Your Telegram Username")).toHaveValue("@session_owner");
    await expect(page.getByTestId("integration-temperature")).toHaveText("0.65");
    await expect(page.getByTestId("integration-opti-temperature")).toHaveText("0.48");
    await expect(page.getByTestId("integration-model")).toHaveValue("gpt-4o");
    await expect(page.getByTestId("integration-opti-model")).toHaveValue("gpt-4.1");
    await expect(page.getByTestId("optimized-summary")).toContainText("gpt-4.1");
    await expect(page.getByTestId("optimized-summary")).toContainText("0.48");

    // Moving the initial slider leaves the optimised configuration alone.
    const thumb = page.getByRole("slider", { name: "Initial temperature" });
    await thumb.focus();
    await thumb.press("ArrowRight");
    await expect(page.getByTestId("integration-temperature")).toHaveText("0.66");
    await expect(page.getByTestId("integration-opti-temperature")).toHaveText("0.48");
    const opti = page.getByRole("slider", { name: "Optimized temperature" });
    await opti.focus();
    await opti.press("ArrowLeft");
    await expect(page.getByTestId("integration-opti-temperature")).toHaveText("0.47");
    await page.getByRole("button", { name: "Save Integration" }).click();
    await expect(page.getByText("Integration saved successfully!")).toBeVisible();
    const stored = await storedIntegration(page);
    expect(stored.init_config).toMatchObject({ model_name: "gpt-4o", temperature: 0.66 });
    expect(stored.opti_config).toMatchObject({ model_name: "gpt-4.1", temperature: 0.47 });

    // A validation error marks the field itself and moves the focus there.
    const username = page.getByLabel("Your Telegram Username");
    await username.fill("@");
    await page.getByRole("button", { name: "Save Integration" }).click();
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(username).toBeFocused();
    await expect(
      page.locator("#integration-form").getByText("Please enter a valid username"),
    ).toBeVisible();
    await username.fill("@session_owner");
    await expect(username).not.toHaveAttribute("aria-invalid", "true");
    const prompt = page.getByLabel("Prompt", { exact: true });
    await prompt.fill(" ");
    await page.getByRole("button", { name: "Save Integration" }).click();
    await expect(prompt).toHaveAttribute("aria-invalid", "true");
    await expect(prompt).toBeFocused();
    await prompt.fill(SAVED.init_config.prompt);

    for (const width of [1280, 900, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: artifactPath(`integration-configs-${width}.png`),
        fullPage: true,
      });
    }
  });

  test("'Load latest optimization results' reads the latest run from the history after a reload", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("int-latest"));
    const prompt = "You help members of Riverbend Gym book classes.";
    const result = await runSingleOptimisation(page, { prompt, iterations: 1 });
    await page.goto("/integration");
    await page.reload();
    await page.getByRole("button", { name: "Load latest optimization results" }).click();
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(prompt);
    await expect(page.getByLabel("Optimized Prompt")).toHaveValue(result.prompts.at(-1) ?? "");
    await expect(
      page.getByText("Loaded the latest optimization results.", { exact: false }),
    ).toBeVisible();
  });

  test("switching the optimizer to Telegram Integration keeps the typed draft and restores it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("int-draft"));
    await saveIntegration(page);
    await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
    const draft = "My own draft: answer hikers about trail conditions.";
    await page.getByTestId("bot-prompt").fill(draft);
    await page.getByTestId("optimization-type").click();
    await page.getByRole("option", { name: "Telegram Integration" }).click();
    await expect(page.getByTestId("bot-prompt")).toHaveValue(SAVED.init_config.prompt);
    await expect(
      page.getByText("Your Standard Optimization prompt is kept", { exact: false }),
    ).toBeVisible();
    await page.getByTestId("optimization-type").click();
    await page.getByRole("option", { name: "Standard Optimization" }).click();
    await expect(page.getByTestId("bot-prompt")).toHaveValue(draft);
  });

  test("an expired session opens the sign-in modal and the header shows 'Sign in'", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("int-expired"));
    await saveIntegration(page);
    await page.goto("/integration");
    await expect(page.getByLabel("Your Telegram Username")).toHaveValue("@session_owner");
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Save Integration" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await expect(dialog.getByTestId("session-expired")).toHaveText(
      "Your session has expired. Please sign in again.",
    );
    await expect(dialog.getByRole("button", { name: "Sign in via email" })).toBeVisible();
    await expect(page.getByTestId("sign-in")).toBeVisible();
    await expect(page.getByTestId("profile-menu")).toHaveCount(0);
    await page.screenshot({ path: artifactPath("session-expired-1280.png") });
  });
});
