import { expect, type Page, test } from "@playwright/test";
import { artifactPath } from "../harness/artifacts";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";

const PROMPT = "You are the support assistant of an outdoor-gear shop. Be friendly and precise.";

/** Chooses an option of a Mantine Select by its visible label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option }).click();
  await expect(page.getByTestId(testId)).toHaveValue(option);
}

/** Sends a chat message with Enter and returns the bot's reply bubble. */
async function chat(page: Page, panelId: string, text: string) {
  const panel = page.getByTestId(panelId);
  const input = panel.getByRole("textbox");
  await expect(input).toBeEnabled();
  await expect(input).toHaveAttribute("placeholder", "Type your message...");
  await input.fill(text);
  await input.press("Enter");
  await expect(panel.locator('[data-sender="user"]').last()).toHaveText(text);
  const bot = panel.locator('[data-sender="bot"]').last();
  await expect(bot).toBeVisible({ timeout: 30_000 });
  return bot;
}

/** Colours of a graph's points in iteration order. */
async function pointColours(page: Page, graphId: string): Promise<string[]> {
  return page
    .getByTestId(graphId)
    .getByTestId("graph-point")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-color") ?? ""));
}

const ORANGE = "#FB9205";
const BLUE = "#2196F3";

test.describe("single-agent page", () => {
  test("anonymous visitors can edit settings; Optimize asks them to sign in; the tour runs", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "This is Promptune AI Tuner" })).toBeVisible();
    await expect(page.getByTestId("temperature-value")).toHaveText("0.70");
    await expect(page.getByTestId("chat-after").getByRole("textbox")).toHaveAttribute(
      "placeholder",
      "Complete optimization first",
    );
    await expect(page.getByTestId("iteration-slider-value")).toHaveText(
      "No optimised iterations yet",
    );
    await page.getByTestId("bot-prompt").fill("Be brief.");
    await page.getByTestId("optimize-button").click();
    await expect(
      page.getByRole("dialog").getByRole("button", { name: "Sign in via email" }),
    ).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Learn More" }).click();
    const popover = page.locator(".driver-popover");
    await expect(popover.getByText("Welcome to the AI Tuner")).toBeVisible();
    await expect(popover.getByText("1 of 8")).toBeVisible();
    await popover.getByRole("button", { name: "Next" }).click();
    await expect(popover.getByText("Optimization type")).toBeVisible();
    await popover.getByRole("button", { name: "Previous" }).click();
    await expect(popover.getByText("Welcome to the AI Tuner")).toBeVisible();
    await popover.getByRole("button", { name: "Skip Tour" }).click();
    await expect(popover).toHaveCount(0);
  });

  test("a signed-in 3-iteration run streams, selects iterations, chats before/after and lands in history", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("single-agent"));
    await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
    await expect(page.getByTestId("single-agent-page")).toBeVisible();

    // Configuration: dataset, the iterations rules, the prompt.
    await choose(page, "dataset-select", "DCH2 top dialogs (30)");
    const iterations = page.getByTestId("iterations-input");
    await iterations.fill("12");
    await expect(iterations).toHaveValue("10");
    await expect(page.getByText("Maximum iterations limit is 10. Value set to 10.")).toBeVisible();
    await iterations.fill("3");
    await iterations.blur();
    await expect(iterations).toHaveValue("3");
    await page.getByTestId("bot-prompt").fill(PROMPT);

    // The socket: exactly 4 updates (iteration 0 + 3) arrive.
    const frames: Array<{ type?: string; data?: { iteration?: number } }> = [];
    page.on("websocket", (ws) => {
      ws.on("framereceived", (f) => frames.push(JSON.parse(String(f.payload))));
    });
    await page.getByTestId("optimize-button").click();
    await expect(page.getByTestId("optimize-button")).toBeDisabled();
    await expect(page.getByTestId("iterations-input")).toBeDisabled();

    // Updates arrive one by one: the steps fill and the carousel grows while the run goes on.
    const steps = page.getByTestId("iteration-steps").locator('[data-state="done"]');
    await expect(steps).not.toHaveCount(0, { timeout: 120_000 });
    await expect(page.getByTestId("optimized-slide-1")).toBeVisible();
    await expect(steps).toHaveCount(3, { timeout: 120_000 });
    await expect(page.getByTestId("completion-message")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("progress-percent")).toHaveText("100%");
    expect(frames.filter((f) => f.type === "update").map((f) => f.data?.iteration)).toEqual([
      0, 1, 2, 3,
    ]);
    await expect(page.getByTestId("optimize-button")).toBeEnabled();

    // Graphs: 4 points each (iteration 0 and three optimised iterations), all reached on the newest.
    await expect(page.getByTestId("evaluation-graph").getByTestId("graph-point")).toHaveCount(4);
    await expect(page.getByTestId("embedding-graph").getByTestId("graph-point")).toHaveCount(4);

    // The best iteration is presented (marked "best"); previous / arrow keys / slider select iterations.
    const carousel = page.getByTestId("optimized-carousel");
    const sliderValue = page.getByTestId("iteration-slider-value");
    // At completion the carousel moves from the newest slide to the presented one: wait until the
    // slide it shows is the one marked "best".
    await expect
      .poll(async () => {
        const index = Number(await carousel.getAttribute("data-index"));
        return page
          .getByTestId(`optimized-slide-${index + 1}`)
          .getByTestId("best-badge")
          .count();
      })
      .toBe(1);
    await expect(carousel).not.toHaveAttribute("data-animating", "true");
    const thumb = page.getByRole("slider", { name: "Select your new model" });
    await thumb.focus();
    await page.keyboard.press("End");
    await expect(carousel).toHaveAttribute("data-index", "2");
    await expect(sliderValue).toHaveText("Iteration 3");
    expect(await pointColours(page, "evaluation-graph")).toEqual([ORANGE, ORANGE, ORANGE, ORANGE]);
    await carousel.getByRole("button", { name: "Previous configuration" }).click();
    await expect(sliderValue).toHaveText("Iteration 2");
    expect(await pointColours(page, "evaluation-graph")).toEqual([ORANGE, ORANGE, ORANGE, BLUE]);
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ArrowLeft");
    await expect(sliderValue).toHaveText("Iteration 1");
    await expect(carousel).toHaveAttribute("data-index", "0");
    await page.keyboard.press("ArrowLeft");
    await expect(sliderValue).toHaveText("Iteration 3");
    await thumb.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(sliderValue).toHaveText("Iteration 2");
    await expect(carousel).toHaveAttribute("data-index", "1");

    // Both chats answer (the fixture LLM's replies start with 'Answer: ').
    const before = await chat(page, "chat-before", "My order FB-204817 arrived damaged.");
    await expect(before).toContainText("Answer: ");
    await choose(page, "after-chat-iteration", "3");
    const after = await chat(page, "chat-after", "Where is my parcel?");
    await expect(after).toContainText("Answer: ");

    // Beyond the spec: the held-out test score and the run's usage appear.
    await expect(page.getByTestId("test-score")).toContainText(/\d%\s·\s\d+(\.\d)?%/, {
      timeout: 60_000,
    });
    await expect(page.getByTestId("usage")).toContainText(/\d+ calls/);

    // The run is in history with its three steps.
    await expect
      .poll(async () => {
        const res = await page.request.get("/api/auto-tune/optimize/history");
        const body = (await res.json()) as {
          data: Array<{
            status: string;
            steps: unknown[];
            configuration: { initial_prompt: string; iterations: number; dataset_name: string };
          }>;
        };
        const run = body.data.find((r) => r.configuration.initial_prompt === PROMPT);
        return (
          run && [
            run.status,
            run.steps.length,
            run.configuration.iterations,
            run.configuration.dataset_name,
          ]
        );
      })
      .toEqual(["completed", 3, 3, "DCH2-top-dialogs"]);

    await page.getByTestId("single-agent-page").evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifactPath("single-agent-desktop.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: artifactPath("single-agent-desktop-dark.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "light" });

    // The same page at 375 px: the mobile toggle, one graph panel with indicator buttons.
    await page.setViewportSize({ width: 375, height: 800 });
    const toggle = page.getByTestId("mobile-config-toggle");
    await expect(toggle).toBeVisible();
    await expect(page.getByTestId("bot-prompt-panel")).toBeVisible();
    await expect(page.getByTestId("configuration-card")).toHaveCount(0);
    await toggle.getByText("Configuration").click();
    await expect(page.getByTestId("configuration-card")).toBeVisible();
    await expect(page.getByTestId("bot-prompt-panel")).toHaveCount(0);
    await toggle.getByText("Bot Prompt").click();
    await expect(page.getByTestId("graphs-mobile")).toBeVisible();
    await expect(page.getByTestId("evaluation-panel")).toBeVisible();
    await expect(page.getByTestId("embedding-panel")).toHaveCount(0);
    await page.getByRole("button", { name: "Show Embedding Graph" }).click();
    await expect(page.getByTestId("embedding-panel")).toBeVisible();
    await expect(page.getByTestId("evaluation-panel")).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: artifactPath("single-agent-mobile.png"), fullPage: true });
  });
});
