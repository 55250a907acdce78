import { expect, type Page, test } from "@playwright/test";
import { artifactPath } from "../harness/artifacts";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";

/** Sends a chat message with Enter and opens the reasoning section of the bot's reply. */
async function chatAndOpenReasoning(page: Page, panelId: string, text: string) {
  const panel = page.getByTestId(panelId);
  const input = panel.getByRole("textbox");
  await expect(input).toBeEnabled();
  await input.fill(text);
  await input.press("Enter");
  await expect(panel.locator('[data-sender="user"]')).toHaveText(text);
  const bot = panel.locator('[data-sender="bot"]').first();
  await expect(bot).toBeVisible({ timeout: 30_000 });
  await bot.getByRole("button", { name: "Show Reasoning Process" }).click();
  await expect(bot.getByRole("button", { name: "Hide Reasoning Process" })).toBeVisible();
  return bot;
}

test.describe("multi-agent page", () => {
  test("anonymous visitors can edit settings but Optimize asks them to sign in", async ({
    page,
  }) => {
    await page.goto("/");
    const card = page.getByTestId("ma-configure-card");
    await expect(card.getByRole("heading", { name: "Configure your AI assistant" })).toBeVisible();
    await page.getByRole("button", { name: "Add worker" }).click();
    await expect(page.getByTestId("ma-worker-count")).toHaveText("3");
    await page.getByTestId("ma-optimize").click();
    await expect(
      page.getByRole("dialog").getByRole("button", { name: "Sign in via email" }),
    ).toBeVisible();
  });

  test("'Learn More' opens the 11-step tour", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("ma-optimized-carousel")).toBeVisible();
    await page.getByRole("button", { name: "Learn More" }).click();
    const popover = page.locator(".driver-popover");
    await expect(popover.getByText("Welcome to the Multi-Agent Tuner")).toBeVisible();
    await expect(popover.getByText("1 of 11")).toBeVisible();
    await expect(popover.getByRole("button", { name: "Skip Tour" })).toBeVisible();
    await popover.getByRole("button", { name: "Next" }).click();
    await expect(popover.getByText("2 of 11")).toBeVisible();
    await expect(popover.getByText("Configuration", { exact: true })).toBeVisible();
    await popover.getByRole("button", { name: "Previous" }).click();
    await expect(popover.getByText("1 of 11")).toBeVisible();
    await popover.getByRole("button", { name: "Skip Tour" }).click();
    await expect(popover).toHaveCount(0);
  });

  test("3 workers, a 2-iteration run, diagrams, graphs and before/after chats with reasoning", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("multi-agent"));

    const card = page.getByTestId("ma-configure-card");
    await expect(card).toBeVisible();
    // The server's defaults are loaded: two workers named Expert and Synthesizer.
    await expect(page.getByTestId("ma-worker-0").getByLabel("Name")).toHaveValue("Expert");
    await expect(page.getByTestId("ma-worker-1").getByLabel("Name")).toHaveValue("Synthesizer");

    // Iterations: a value above 10 is clamped with the notice; then 2.
    const iterations = page.getByTestId("ma-iterations");
    await iterations.fill("12");
    await expect(iterations).toHaveValue("10");
    await expect(page.getByText("Maximum iterations limit is 10. Value set to 10.")).toBeVisible();
    await iterations.fill("2");
    await iterations.blur();
    await expect(iterations).toHaveValue("2");

    // A third worker takes the additional-worker defaults; its name keeps letters and digits only.
    await page.getByRole("button", { name: "Add worker" }).click();
    await expect(page.getByTestId("ma-worker-count")).toHaveText("3");
    const third = page.getByTestId("ma-worker-2");
    await expect(third.getByLabel("Name")).toHaveValue("Assistant");
    await third.getByLabel("Name").fill("");
    await third.getByLabel("Name").pressSequentially("Res earch-Bot 7!");
    await expect(third.getByLabel("Name")).toHaveValue("ResearchBot7");
    await expect(third.getByLabel("Name")).toHaveAttribute("title", "Only letters and numbers");

    await page.getByTestId("ma-optimize").click();
    await expect(page.getByTestId("ma-optimize")).toHaveText("Optimizing...");
    await expect(
      page.getByText("Wait for optimization to finish before changing parameters"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Add worker" })).toBeDisabled();

    await expect(page.getByText("Multi-Agent Optimization Completed!")).toBeVisible({
      timeout: 180_000,
    });
    await expect(
      page.getByText(
        "Your multi-agent system has been successfully optimized. Check the results below to see the improvements.",
      ),
    ).toBeVisible();
    await expect(page.getByTestId("ma-optimize")).toHaveText("Optimize");
    await expect(page.getByTestId("ma-optimize")).toBeEnabled();

    // Both diagrams: user, coordinator and the three workers.
    const initial = page.getByTestId("ma-initial-diagram");
    await expect(initial.locator("[data-agent]")).toHaveCount(4);
    await initial.getByRole("button", { name: "Worker ResearchBot7" }).click();
    const initialDetails = page.getByTestId("ma-initial-details");
    await expect(initialDetails.getByText("ResearchBot7")).toBeVisible();
    await expect(initialDetails.getByTestId("agent-temperature")).toHaveText(/^\d\.\d\d$/);
    await initial.getByRole("button", { name: /^Coordinator/ }).click();
    await expect(initialDetails.getByText("Coordinator", { exact: true }).first()).toBeVisible();
    await expect(initialDetails.getByTestId("agent-prompt")).not.toHaveText("");
    await expect(initialDetails.getByTestId("agent-description")).toHaveText(
      "Coordinator node that communicates with worker nodes to respond to user messages.",
    );
    await expect(initialDetails.getByTestId("agent-model")).not.toHaveText("");

    const carousel = page.getByTestId("ma-optimized-carousel");
    await expect(carousel.getByRole("button", { name: /^Show Iteration/ })).toHaveCount(2);
    // When the run completes the best iteration is presented (either of the two);
    // the user then moves to iteration 2 with its button.
    await expect(carousel).toHaveAttribute("data-index", /^[01]$/);
    await carousel.getByRole("button", { name: "Show Iteration 2" }).click();
    await expect(carousel).toHaveAttribute("data-index", "1");
    const optimized = page.getByTestId("ma-optimized-1-diagram");
    await expect(optimized.locator("[data-agent]")).toHaveCount(4);
    await optimized.getByRole("button", { name: /^Coordinator/ }).click();
    await expect(
      page.getByTestId("ma-optimized-1-details").getByTestId("agent-temperature"),
    ).toHaveText(/^\d\.\d\d$/);

    // Graphs: the baseline as iteration 0 and iterations 1 and 2.
    const evaluation = page.getByTestId("evaluation-graph");
    await expect(evaluation.getByTestId("graph-point")).toHaveCount(3);
    await expect(evaluation.locator('[data-testid="graph-point"][data-iteration="0"]')).toHaveCount(
      1,
    );
    await expect(page.getByTestId("embedding-graph").getByTestId("graph-point")).toHaveCount(3);

    // Chats: both answer, and the reasoning lists the coordinator and the workers by name.
    const before = await chatAndOpenReasoning(
      page,
      "ma-chat-before",
      "How do I reset my password?",
    );
    await expect(before.getByText("Coordinator", { exact: true })).toBeVisible();
    await expect(before.getByText(/^(Expert|Synthesizer|ResearchBot7)$/).first()).toBeVisible();

    await expect(page.getByTestId("ma-after-iteration")).toHaveValue("2");
    const after = await chatAndOpenReasoning(page, "ma-chat-after", "How do I reset my password?");
    await expect(after.getByText("Coordinator", { exact: true })).toBeVisible();
    await expect(after.getByText(/^(Expert|Synthesizer|ResearchBot7)$/).first()).toBeVisible();

    // Full-page screenshots from the top, so the fixed top bar sits where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifactPath("multi-agent-desktop.png"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId("graphs-mobile")).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifactPath("multi-agent-mobile.png"), fullPage: true });
  });
});
