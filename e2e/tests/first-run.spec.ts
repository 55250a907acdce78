import { expect, test } from "@playwright/test";
import { type ModelHost, startModelHost } from "../../apps/server/src/testing/model-host";
import { sharedTestModel } from "../../apps/server/src/testing/models";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { type ExtraApp, startExtraApp } from "../harness/extra-app";
import { E2E_PORTS } from "../harness/ports";

/**
 * First run without an LLM provider (issue 17): the app downloads the local
 * model from a model host on 127.0.0.1 (the shared stories260K model, sent
 * slowly so the download is watched), shows a banner with the percentage
 * while the Before chat waits, then answers; a host that stalls ends in the
 * failure banner naming what to configure.
 */
test.describe("first run with the local model", () => {
  test.describe.configure({ timeout: 120_000 });
  let host: ModelHost;
  let app: ExtraApp | undefined;

  test.beforeAll(async () => {
    // 16 KiB every 150 ms: the 1.2 MB model takes about 11 s.
    host = await startModelHost({
      file: sharedTestModel(),
      chunkBytes: 16 * 1024,
      chunkDelayMs: 150,
    });
  });
  test.afterEach(async () => {
    await app?.stop();
    app = undefined;
  });
  test.afterAll(async () => {
    await host.close();
  });

  const start = (port: number) =>
    startExtraApp(port, {
      LOCAL_MODEL_URL: host.modelUrl,
      LOCAL_MODEL_THREADS: "1",
      LOCAL_MODEL_SEQUENCES: "1",
      LOCAL_MODEL_CONNECT_TIMEOUT_MS: "3000",
      LOCAL_MODEL_STALL_TIMEOUT_MS: "3000",
      LLM_MAX_RETRIES: "0",
    });

  const sendHello = async (page: import("@playwright/test").Page, url: string) => {
    await page.goto(`${url}/home`);
    const input = page.getByTestId("chat-before").getByRole("textbox");
    await expect(input).toBeEnabled();
    await input.fill("Hello");
    await input.press("Enter");
  };

  test("the banner shows the download's percentage while the chat waits, then the chat answers", async ({
    page,
  }) => {
    host.mode = "normal";
    app = await start(E2E_PORTS.app + 20);
    await signInWithMagicLink(page, uniqueEmail("first-run"), app.url);
    await sendHello(page, app.url);

    const banner = page.getByTestId("llm-status-banner");
    await expect(banner).toContainText(/Downloading the local model stories260K: \d+ %/);
    await expect(banner).toContainText(
      "Chats and optimizations started now wait until it is ready.",
    );
    const bar = banner.getByRole("progressbar", { name: "Local model download" });
    await expect(bar).toBeVisible();
    // The percentage grows while the chat is still waiting for its reply.
    const first = Number(await bar.getAttribute("aria-valuenow"));
    await expect
      .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 20_000 })
      .toBeGreaterThan(first);
    await expect(page.getByTestId("chat-before").locator('[data-sender="bot"]')).toHaveCount(0);

    await expect(page.getByTestId("chat-before").locator('[data-sender="bot"]').last()).toBeVisible(
      {
        timeout: 60_000,
      },
    );
    await expect(banner).toHaveCount(0);
  });

  test("a stalled download ends in the failure banner saying what to configure", async ({
    page,
  }) => {
    host.mode = "stall";
    app = await start(E2E_PORTS.app + 21);
    await signInWithMagicLink(page, uniqueEmail("first-run-stall"), app.url);
    await sendHello(page, app.url);

    const banner = page.getByTestId("llm-status-banner");
    await expect(banner).toHaveAttribute("role", "alert", { timeout: 30_000 });
    await expect(banner).toContainText("The local model is not available");
    await expect(banner).toContainText("stalled (no data for 3 s)");
    await expect(banner).toContainText("OPENAI_BASE_URL");
    await expect(banner).toContainText("LOCAL_MODEL_PATH");
  });
});
