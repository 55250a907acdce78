/**
 * Optimisation runs started from a signed-in page through the real socket,
 * for tests that need finished (or stopped) runs in the history without
 * driving the optimiser's UI.
 */
import { expect, type Page } from "@playwright/test";

/** What a single-agent run is started with. */
export interface SingleRunRequest {
  prompt: string;
  iterations: number;
  temperature?: number;
}

/** Runs a single-agent optimisation to completion; resolves with the final result's run id and prompts. */
export async function runSingleOptimisation(
  page: Page,
  request: SingleRunRequest,
): Promise<{ run_id: string; prompts: string[] }> {
  return page.evaluate(async (req) => {
    const url = `${location.origin.replace(/^http/, "ws")}/api/auto-tune/optimize/ws`;
    return new Promise<{ run_id: string; prompts: string[] }>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () =>
        ws.send(
          JSON.stringify({
            prompt: req.prompt,
            dataset_name: "DCH2-top-dialogs",
            model_name: "gpt-4o",
            iterations: req.iterations,
            temperature: req.temperature ?? 0.3,
          }),
        );
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.type === "complete") resolve(message.result);
        if (message.type === "error") reject(new Error(String(message.error)));
      };
      ws.onerror = () => reject(new Error("the optimisation socket failed"));
    });
  }, request);
}

/**
 * Starts a single-agent run, waits until the server lists it in the history,
 * and cancels it (the user's Stop); resolves with the run's id.
 */
export async function startAndCancelSingleRun(page: Page, prompt: string): Promise<string> {
  await page.evaluate((p) => {
    const url = `${location.origin.replace(/^http/, "ws")}/api/auto-tune/optimize/ws`;
    const ws = new WebSocket(url);
    ws.onopen = () =>
      ws.send(
        JSON.stringify({
          prompt: p,
          dataset_name: "DCH2-top-dialogs",
          model_name: "gpt-4o",
          iterations: 10,
          temperature: 0.3,
        }),
      );
  }, prompt);
  let runId = "";
  for (let attempt = 0; attempt < 100 && !runId; attempt++) {
    const res = await page.request.get("/api/auto-tune/optimize/history?mode=single");
    const runs = (await res.json()).data as Array<{
      run_id: string;
      status: string;
      configuration: { initial_prompt: string };
    }>;
    runId =
      runs.find((r) => r.configuration.initial_prompt === prompt && r.status !== "completed")
        ?.run_id ?? "";
    if (!runId) await page.waitForTimeout(100);
  }
  if (!runId) throw new Error("the run never appeared in the history");
  const cancel = await page.request.post(`/api/auto-tune/optimize/runs/${runId}/cancel`);
  if (!cancel.ok()) throw new Error(`cancel failed: ${cancel.status()}`);
  return runId;
}

/**
 * Runs a single-agent optimisation through the /home page's own controls
 * (the default dataset, optionally merged with the extra datasets named in
 * `mergeWith`) and waits for its completion message.
 */
export async function runFromHomePage(
  page: Page,
  options: { prompt: string; iterations: number; mergeWith?: string[] },
): Promise<void> {
  await page.goto("/home");
  await expect(page.getByTestId("dataset-select")).not.toHaveValue("");
  if (options.mergeWith?.length) {
    await page.getByTestId("dataset-select-merge").click();
    for (const name of options.mergeWith) await page.getByRole("option", { name }).click();
    await page.keyboard.press("Escape");
  }
  const input = page.getByTestId("iterations-input");
  await input.fill(String(options.iterations));
  await input.blur();
  await page.getByTestId("bot-prompt").fill(options.prompt);
  await page.getByTestId("optimize-button").click();
  await expect(page.getByTestId("completion-message")).toBeVisible({ timeout: 120_000 });
}
