import { expect, type Page, test } from "@playwright/test";
import { artifactPath } from "../harness/artifacts";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { LOADED_RUN_URL } from "../harness/urls";

const INITIAL_PROMPT = "You help customers of Fernbrook Outfitters with orders and returns.";

interface HistoryStep {
  step_number: number;
  prompt: string;
}

/** Runs a 2-iteration single-agent optimisation through the real socket, from the signed-in page. */
async function runOptimisation(page: Page): Promise<{ run_id: string; prompts: string[] }> {
  return page.evaluate(async (prompt) => {
    const url = `${location.origin.replace(/^http/, "ws")}/api/auto-tune/optimize/ws`;
    return new Promise<{ run_id: string; prompts: string[] }>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () =>
        ws.send(
          JSON.stringify({
            prompt,
            dataset_name: "DCH2-top-dialogs",
            model_name: "gpt-4o",
            iterations: 2,
            temperature: 0.3,
          }),
        );
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.type === "complete") resolve(message.result);
        if (message.type === "error") reject(new Error(String(message.error)));
      };
      ws.onerror = () => reject(new Error("the optimisation socket failed"));
    });
  }, INITIAL_PROMPT);
}

async function openHistory(page: Page) {
  await page.goto("/profile");
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByTestId("history-row").first()).toBeVisible();
}

test.describe("history and Telegram integration", () => {
  test("a finished run goes from the history to the optimizer and the integration, and back to the optimizer", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("history"));

    const result = await runOptimisation(page);
    expect(result.prompts).toHaveLength(2);
    const history = await page.request.get("/api/auto-tune/optimize/history");
    const [record] = (await history.json()).data as Array<{ steps: HistoryStep[] }>;
    const steps = record?.steps ?? [];
    expect(steps.map((s) => s.step_number)).toEqual([1, 2]);
    const lastPrompt = steps[1]?.prompt ?? "";

    // The history lists the finished run.
    await openHistory(page);
    const row = page.getByTestId("history-row").first();
    await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    await expect(row).toContainText("2 optimized steps");
    await expect(row).toContainText("DCH2-top-dialogs");
    await row.getByRole("button", { name: "Open" }).first().click();
    const initial = page.getByRole("dialog", { name: "Initial Configuration" });
    await expect(initial).toContainText(INITIAL_PROMPT);
    await expect(initial).toContainText("gpt-4o");
    await expect(initial).toContainText("0.30");
    await initial.getByRole("button", { name: "Close" }).click();
    await expect(initial).toBeHidden();

    // Selecting a step persists it.
    await row.getByRole("button", { name: "Open" }).nth(1).click();
    const stepsDialog = page.getByRole("dialog", { name: "Optimization Steps" });
    const stepCards = stepsDialog.getByTestId("history-step");
    await expect(stepCards).toHaveCount(2);
    // The server pre-selects the best step when a run finishes; pick the other one.
    const target = (await stepCards.nth(0).getByText("Selected").count()) > 0 ? 1 : 0;
    await stepCards.nth(target).getByRole("button", { name: "Select" }).click();
    await expect(stepCards.nth(target).getByText("Selected")).toBeVisible();
    await page.screenshot({ path: artifactPath("history-steps-desktop.png") });
    await stepsDialog.getByRole("button", { name: "Close" }).click();
    await page.reload();
    await page.getByRole("tab", { name: "History" }).click();
    await page
      .getByTestId("history-row")
      .first()
      .getByRole("button", { name: "Open" })
      .nth(1)
      .click();
    await expect(page.getByTestId("history-step").nth(target).getByText("Selected")).toBeVisible();
    const reopened = page.getByRole("dialog", { name: "Optimization Steps" });
    await reopened.getByRole("button", { name: "Close" }).click();
    await expect(reopened).toBeHidden();
    await page.screenshot({ path: artifactPath("history-desktop.png"), fullPage: true });

    // 'Load into optimizer' fills the optimizer.
    await page
      .getByTestId("history-row")
      .first()
      .getByRole("button", { name: "Load into optimizer" })
      .click();
    await expect(page).toHaveURL(LOADED_RUN_URL);
    await expect(page.getByTestId("bot-prompt")).toHaveValue(INITIAL_PROMPT);
    await expect(page.getByTestId("model-select")).toHaveValue("gpt-4o");
    await expect(page.getByTestId("iterations-input")).toHaveValue("2");
    await expect(page.getByTestId("temperature-value")).toHaveText("0.30");
    await expect(page.getByTestId("optimization-type")).toHaveValue("Standard Optimization");
    await expect(
      page.getByTestId("optimized-card").getByTestId("configuration-prompt").first(),
    ).toContainText(steps[0]?.prompt.slice(0, 60) ?? "");

    // 'Load to integration' (no username saved yet) fills the integration page.
    await openHistory(page);
    await page
      .getByTestId("history-row")
      .first()
      .getByRole("button", { name: "Load to integration" })
      .click();
    await page
      .getByRole("dialog", { name: "Load to integration?" })
      .getByRole("button", { name: "Replace bot prompts" })
      .click();
    await expect(page).toHaveURL(/\/integration$/);
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(INITIAL_PROMPT);
    await expect(page.getByLabel("Optimized Prompt")).toHaveValue(lastPrompt);
    await expect(page.getByTestId("optimized-summary")).toContainText("gpt-4o");

    // The integration saves and reloads after a page refresh.
    await page.getByLabel("Your Telegram Username").fill("e2e_owner");
    await page.getByLabel("Friends' Usernames").fill("bob, @Carol, bob");
    await page.getByRole("button", { name: "Save Integration" }).click();
    await expect(page.getByText("Integration saved successfully!")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Your Telegram Username")).toHaveValue("@e2e_owner");
    await expect(page.getByLabel("Friends' Usernames")).toHaveValue("@bob, @Carol");
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(INITIAL_PROMPT);
    await expect(page.getByLabel("Optimized Prompt")).toHaveValue(lastPrompt);
    const before = page.getByTestId("before-bot-link").getByRole("link");
    await expect(before).toHaveAttribute("href", "https://t.me/promptune_before_bot");
    await expect(page.getByTestId("after-bot-link").getByRole("link")).toHaveAttribute(
      "href",
      "https://t.me/promptune_after_bot",
    );
    await page.screenshot({ path: artifactPath("integration-desktop.png"), fullPage: true });

    // With a username saved, 'Load to integration' saves directly.
    await page.getByLabel("Optimized Prompt").fill("Temporary prompt.");
    await page.getByRole("button", { name: "Save Integration" }).click();
    await expect(page.getByText("Integration saved successfully!").first()).toBeVisible();
    await openHistory(page);
    await page
      .getByTestId("history-row")
      .first()
      .getByRole("button", { name: "Load to integration" })
      .click();
    await page
      .getByRole("dialog", { name: "Load to integration?" })
      .getByRole("button", { name: "Replace bot prompts" })
      .click();
    await expect(page).toHaveURL(/\/integration$/);
    await expect(page.getByLabel("Optimized Prompt")).toHaveValue(lastPrompt);
    await expect(page.getByLabel("Your Telegram Username")).toHaveValue("@e2e_owner");

    // 'Load into Optimizer' lands on /home in Telegram Integration mode.
    await page.getByRole("button", { name: "Load into Optimizer" }).click();
    await expect(page).toHaveURL(LOADED_RUN_URL);
    await expect(page.getByTestId("optimization-type")).toHaveValue("Telegram Integration");
    await expect(page.getByTestId("bot-prompt")).toHaveValue(INITIAL_PROMPT);
    await expect(
      page.getByTestId("optimized-card").getByTestId("configuration-prompt").first(),
    ).toContainText(lastPrompt.slice(0, 60));

    // Small screens: cards instead of the table, and the integration form in one column.
    await page.setViewportSize({ width: 375, height: 800 });
    await openHistory(page);
    await expect(page.getByTestId("history-cards")).toBeVisible();
    await expect(page.getByTestId("history-table")).toHaveCount(0);
    await page.screenshot({ path: artifactPath("history-mobile.png"), fullPage: true });
    await page.goto("/integration");
    await expect(page.getByLabel("Your Telegram Username")).toHaveValue("@e2e_owner");
    await page.screenshot({ path: artifactPath("integration-mobile.png"), fullPage: true });
  });

  test("signed-out visitors see the bot links and are asked to sign in to save", async ({
    page,
  }) => {
    await page.goto("/integration");
    await expect(page.getByRole("heading", { name: "Integrate Your Telegram Bot" })).toBeVisible();
    await expect(page.getByTestId("before-bot-link").getByRole("link")).toHaveAttribute(
      "href",
      "https://t.me/promptune_before_bot",
    );
    await page.getByRole("button", { name: "Save Integration" }).click();
    await expect(page.getByText("You need to be authorized to save integration!")).toBeVisible();
    await expect(
      page.getByRole("dialog").getByRole("button", { name: "Sign in via email" }),
    ).toBeVisible();
  });

  test("'Learn More' runs the 10-step integration tour", async ({ page }) => {
    await page.goto("/integration");
    await page.getByRole("button", { name: "Learn More" }).click();
    const popover = page.locator(".driver-popover");
    await expect(popover).toContainText("Welcome to the Telegram integration");
    await expect(popover).toContainText("1 of 10");
    for (let i = 2; i <= 10; i++) {
      await popover.getByRole("button", { name: "Next" }).click();
      await expect(popover).toContainText(`${i} of 10`);
    }
    await expect(popover).toContainText("Load into Optimizer");
    await popover.getByRole("button", { name: "Previous" }).click();
    await expect(popover).toContainText("9 of 10");
    await popover.getByRole("button", { name: "Skip Tour" }).click();
    await expect(popover).toHaveCount(0);
  });
});
