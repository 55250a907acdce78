import { expect, type Page, test } from "@playwright/test";
import { artifactPath } from "../harness/artifacts";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { E2E_PORTS } from "../harness/ports";

/**
 * The cost–quality frontier on the page (issue 24): a run that also tries
 * another model shows the "Cost vs quality" chart and table; choosing a
 * point that is not the recommended one makes the after-chat talk to that
 * configuration (the fixture LLM sees the chat on the chosen model and
 * temperature); the cost-cap field refuses a bad amount; the card fits a
 * 375 px screen; a reload brings the run and its frontier back, and the
 * chosen point is kept with the run (history, another tab).
 */

const STATS = `http://127.0.0.1:${E2E_PORTS.llm}/__fixture/stats`;
const PROMPT =
  "You are the help desk of Lakeside Library. Answer questions about loans and opening hours.";

interface FixtureCall {
  seq: number;
  kind: string;
  model: string;
  temperature: number | null;
}

async function fixtureCalls(page: Page): Promise<FixtureCall[]> {
  const res = await page.request.get(STATS);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { calls: FixtureCall[] }).calls;
}

/**
 * The last call's sequence number once the fixture has been idle for a
 * second (the run's last calls, such as the held-out test, may still be
 * going on after the completion message), so later calls are the chat's.
 */
async function settledSeq(page: Page): Promise<number> {
  let last = -1;
  for (let attempt = 0; attempt < 60; attempt++) {
    const res = await page.request.get(STATS);
    const stats = (await res.json()) as {
      requests: number;
      inFlight: number;
      calls: FixtureCall[];
    };
    if (stats.requests === last && stats.inFlight === 0)
      return Math.max(0, ...stats.calls.map((c) => c.seq));
    last = stats.requests;
    await page.waitForTimeout(1_000);
  }
  throw new Error("the fixture LLM never went quiet");
}

/** The user's newest run of a mode with a frontier, as history returns it. */
async function savedFrontierRun(page: Page, mode: "single" | "multi") {
  const res = await page.request.get(`/api/auto-tune/optimize/history?mode=${mode}`);
  expect(res.ok()).toBe(true);
  const runs = (await res.json()).data as Array<{
    run_id: string;
    frontier?: unknown[] | null;
    frontier_choice?: number | null;
  }>;
  const run = runs.find((r) => r.frontier?.length);
  expect(run).toBeTruthy();
  return run as NonNullable<typeof run>;
}

/** Once the layout settled after a resize, nothing scrolls sideways. */
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

/** A temperature as the evidence grid writes it ("T 0.2"). */
const tLabel = (t: number) => String(Math.round(t * 100) / 100);

/**
 * Chooses the frontier point `model` (at `temperature`, when given) as side
 * `side` of the run's evidence grid and checks that its rows appear, the
 * answer header naming the point.
 */
async function chooseFrontierPointInGrid(
  page: Page,
  side: "a" | "b",
  model: string,
  temperature?: number,
) {
  const grid = page.getByTestId("run-insights").getByTestId("evidence-grid");
  await grid.scrollIntoViewIfNeeded();
  const select = grid.getByTestId(`evidence-${side}`);
  await expect(select).not.toHaveValue("");
  await select.click();
  const name =
    temperature === undefined ? `${model} · T ` : `${model} · T ${tLabel(temperature)} (frontier)`;
  const option = page
    .getByRole("option")
    .filter({ hasText: "(frontier)" })
    .filter({ hasText: name });
  await expect(option.first()).toBeVisible();
  await option.first().click();
  await expect(select).toHaveValue(/\(frontier\)/);
  expect(await select.inputValue()).toContain(name);
  const rows = grid.getByTestId("evidence-row");
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  await expect(grid.getByTestId("evidence-summary")).toHaveText(/\d+ examples? shown\./);
  const row = rows.first();
  const toggle = row.getByRole("button", { name: / details of / });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  const answer = row.getByTestId(`evidence-answer-${side}`);
  await expect(answer).toBeVisible();
  await expect(answer).toContainText(`${model} · T `);
  await expect(answer).toContainText("(frontier)");
  return { grid, row, answer };
}

/** Sends a chat message with Enter and waits for the bot's reply bubble. */
async function chat(page: Page, panelId: string, text: string) {
  const panel = page.getByTestId(panelId);
  const input = panel.getByRole("textbox");
  await expect(input).toBeEnabled();
  await input.fill(text);
  await input.press("Enter");
  const bot = panel.locator('[data-sender="bot"]').last();
  await expect(bot).toBeVisible({ timeout: 30_000 });
  return bot;
}

test.describe("cost–quality frontier", () => {
  test("single-agent: chart and table, choosing a point moves the after-chat to its model, cap field, 375 px, reload", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("frontier"));
    await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
    await expect(page.getByTestId("single-agent-page")).toBeVisible();
    await expect(page.getByTestId("dataset-select")).not.toHaveValue("");
    const input = page.getByTestId("iterations-input");
    await input.fill("1");
    await input.blur();
    await page.getByTestId("bot-prompt").fill(PROMPT);

    // "Also try on": one other model.
    const primary = await page.getByTestId("model-select").inputValue();
    await page.getByRole("combobox", { name: "Also try on" }).click({ force: true });
    const option = page.getByRole("option").first();
    const candidate = ((await option.textContent()) ?? "").trim();
    expect(candidate).not.toBe(primary);
    await option.click();
    await page.keyboard.press("Escape");

    // The cost cap refuses 0 with a reason and keeps the run from starting; a real amount is taken.
    const cap = page.getByTestId("single-cost-cap");
    await cap.fill("0");
    await expect(page.getByText("The cap must be above $0.")).toBeVisible();
    await page.getByTestId("optimize-button").click();
    await expect(page.getByText("Please fix the cost cap")).toBeVisible();
    await expect(page.getByTestId("completion-message")).toHaveCount(0);
    await cap.fill("50");
    await expect(page.getByText("The cap must be above $0.")).toHaveCount(0);

    const sent = page.waitForEvent("websocket").then(
      (ws) =>
        new Promise<Record<string, unknown>>((resolve) =>
          ws.on("framesent", (frame) => {
            const body = JSON.parse(String(frame.payload));
            if (body && typeof body === "object" && "prompt" in body) resolve(body);
          }),
        ),
    );
    await page.getByTestId("optimize-button").click();
    const request = await sent;
    expect(request.max_cost_usd).toBe(50);
    expect(request.candidate_models).toEqual([candidate]);
    await expect(page.getByTestId("completion-message")).toBeVisible({ timeout: 180_000 });

    // The chart above the table: a point per measured configuration, one recommended, chosen first.
    const card = page.getByTestId("frontier-card");
    await card.scrollIntoViewIfNeeded();
    const points = card.getByTestId("frontier-point");
    const count = await points.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(card.getByTestId("frontier-row")).toHaveCount(count);
    await expect(card.getByTestId("frontier-recommended-mark")).toHaveCount(1);
    const chartBox = await card.getByTestId("frontier-chart").boundingBox();
    const tableBox = await card.getByTestId("frontier-table").boundingBox();
    expect(chartBox && tableBox && chartBox.y < tableBox.y).toBe(true);
    const recommended = card.locator('[data-testid="frontier-point"][data-recommended="true"]');
    await expect(recommended).toHaveAttribute("aria-pressed", "true");

    // Hovering a point shows its tooltip; choosing a non-recommended one marks it in chart and table.
    const other = card.locator('[data-testid="frontier-point"]:not([data-recommended])').first();
    const model = (await other.getAttribute("data-model")) ?? "";
    const temperature = Number(await other.getAttribute("data-temperature"));
    await other.hover();
    await expect(card.getByTestId("frontier-tooltip")).toContainText(model);
    await expect(card.getByTestId("frontier-tooltip")).toContainText("per 1,000 replies");
    await card.screenshot({ path: artifactPath("frontier-card-1280.png") });
    await other.click();
    await expect(other).toHaveAttribute("aria-pressed", "true");
    await expect(recommended).toHaveAttribute("aria-pressed", "false");
    await expect(card.locator('[data-testid="frontier-row"][data-chosen="true"]')).toContainText(
      model,
    );
    await expect(card.getByTestId("frontier-in-use-text")).toContainText(
      `In use: ${model} at temperature ${temperature.toFixed(2)}`,
    );

    // The after-chat talks to the chosen configuration: the fixture sees its model and temperature.
    const seen = await settledSeq(page);
    const reply = await chat(page, "chat-after", "Can I renew a loan online?");
    await expect(reply).toContainText("Answer: ");
    const chatCalls = (await fixtureCalls(page)).filter((c) => c.seq > seen && c.kind === "plain");
    expect(chatCalls.length).toBeGreaterThan(0);
    await expect(card.getByTestId("frontier-in-use-text")).toContainText(`In use: ${model}`);
    expect(chatCalls.map((c) => [c.model, c.temperature])).toEqual(
      chatCalls.map(() => [model, temperature]),
    );

    // The keyboard chooses too: the recommended point again with Enter.
    await recommended.focus();
    await page.keyboard.press("Enter");
    await expect(recommended).toHaveAttribute("aria-pressed", "true");
    await other.focus();
    await page.keyboard.press(" ");
    await expect(other).toHaveAttribute("aria-pressed", "true");

    // The evidence grid compares a frontier point's answers: the chosen point as B.
    const { grid } = await chooseFrontierPointInGrid(page, "b", model, temperature);
    await expect(grid.getByText("Validation", { exact: true }).first()).toBeVisible();
    await grid.screenshot({ path: artifactPath("frontier-evidence-1280.png") });

    // A phone: the card fits, nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await card.screenshot({ path: artifactPath("frontier-card-375.png") });
    const narrow = await card.getByTestId("frontier-chart").boundingBox();
    expect(narrow && narrow.x >= 0 && narrow.x + narrow.width <= 375).toBe(true);
    // ...and the grid takes the recommended point as A there, its rows shown.
    const recommendedModel = (await recommended.getAttribute("data-model")) ?? "";
    const recommendedT = Number(await recommended.getAttribute("data-temperature"));
    await chooseFrontierPointInGrid(page, "a", recommendedModel, recommendedT);
    await expectNoHorizontalScroll(page);
    await grid.screenshot({ path: artifactPath("frontier-evidence-375.png") });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A reload brings the run back with its frontier and the choice kept with the run.
    await page.reload();
    const again = page.getByTestId("frontier-card");
    await expect(again).toBeVisible({ timeout: 30_000 });
    await expect(again.getByTestId("frontier-point")).toHaveCount(count);
    await expect(
      again.locator(
        `[data-testid="frontier-point"][data-model="${model}"][data-temperature="${temperature}"]`,
      ),
    ).toHaveAttribute("aria-pressed", "true");
    // The frontier points' answers are stored with the run: the reloaded grid offers them again.
    await chooseFrontierPointInGrid(page, "b", model, temperature);

    // The choice is kept with the run on the server: history returns it, and another tab (its
    // own session storage) opening the run's permalink comes back to the same point.
    const otherIndex = Number(await other.getAttribute("data-index"));
    const saved = await savedFrontierRun(page, "single");
    expect(saved.frontier_choice).toBe(otherIndex);
    const tab = await page.context().newPage();
    await tab.goto(`/home?run=${saved.run_id}`);
    const elsewhere = tab.getByTestId("frontier-card");
    await expect(elsewhere).toBeVisible({ timeout: 30_000 });
    await expect(
      elsewhere.locator(`[data-testid="frontier-point"][data-index="${otherIndex}"]`),
    ).toHaveAttribute("aria-pressed", "true");
    await expect(elsewhere.getByTestId("frontier-in-use-text")).toContainText(`In use: ${model}`);
    await tab.close();
  });

  test("multi-agent: choosing a frontier point moves the after-chat to its agents' models", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("frontier-multi"));
    await page.goto("/");
    const field = page.getByTestId("ma-iterations");
    await field.fill("1");
    await field.blur();
    await page.getByRole("combobox", { name: "Workers: also try on" }).click({ force: true });
    await page.getByRole("option").last().click();
    await page.keyboard.press("Escape");
    await page.getByTestId("multi-cost-cap").fill("50");
    await page.getByTestId("ma-optimize").click();
    await expect(page.getByTestId("ma-completion")).toBeVisible({ timeout: 180_000 });

    const card = page.getByTestId("frontier-card");
    await card.scrollIntoViewIfNeeded();
    expect(await card.getByTestId("frontier-point").count()).toBeGreaterThanOrEqual(2);
    const other = card.locator('[data-testid="frontier-point"]:not([data-recommended])').first();
    const index = Number(await other.getAttribute("data-index"));
    await other.click();
    await expect(other).toHaveAttribute("aria-pressed", "true");

    // The chosen point's agents, as the history returns the run's frontier.
    const res = await page.request.get("/api/auto-tune/optimize/history?mode=multi");
    const runs = (await res.json()).data as Array<{
      frontier?: Array<{
        "master-agent": { model_name: string };
        "worker-agents": Array<{ model_name: string }>;
      }> | null;
    }>;
    const point = runs.find((r) => r.frontier?.length)?.frontier?.[index];
    expect(point).toBeTruthy();
    // The choice is kept with the run.
    await expect
      .poll(async () => (await savedFrontierRun(page, "multi")).frontier_choice)
      .toBe(index);
    const coordinatorModel = point?.["master-agent"].model_name ?? "";
    const workerModels = new Set(point?.["worker-agents"].map((w) => w.model_name));

    const seen = await settledSeq(page);
    await chat(page, "ma-chat-after", "Which plan suits a family of four?");
    const calls = (await fixtureCalls(page)).filter((c) => c.seq > seen);
    const plans = calls.filter((c) => c.kind === "delegation_plan");
    expect(plans.length).toBeGreaterThan(0);
    for (const c of plans) expect(c.model).toBe(coordinatorModel);
    const plain = calls.filter((c) => c.kind === "plain");
    expect(plain.some((c) => workerModels.has(c.model))).toBe(true);
    for (const c of plain) expect([coordinatorModel, ...workerModels]).toContain(c.model);

    // The evidence grid shows the chosen point's answers with their reasoning traces.
    const label = (await other.getAttribute("data-model")) ?? "";
    const { answer } = await chooseFrontierPointInGrid(page, "b", label);
    await answer.getByRole("button", { name: "Show reasoning trace" }).click();
    await expect(answer.getByTestId("evidence-answer-b-trace")).not.toBeEmpty();
    await page.setViewportSize({ width: 375, height: 800 });
    await answer.scrollIntoViewIfNeeded();
    await expect(answer).toContainText("(frontier)");
    await expectNoHorizontalScroll(page);
  });
});
