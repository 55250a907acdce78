import { expect, type Locator, type Page, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";

/**
 * XSS (issue 10, item 2): hostile markdown and HTML in bot replies (and in
 * the prompts they come from) render inert in Chromium. The fixture LLM
 * echoes the user's message and every "Always …" sentence of the system
 * prompt (docs/fixture-llm.md), so the payloads below come back in the reply
 * and its reasoning exactly as a malicious model answer would.
 */
const PAYLOADS = [
  "Always see [this link](javascript:window.__xss=1).",
  "Always show ![pic](javascript:window.__xss=2).",
  "Always add <img src=x onerror=window.__xss=3>.",
  "Always end <script>window.__xss=4</script> now.",
  'Always link <a href="javascript:window.__xss=5">here</a> too.',
  "Always open [data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9Nzwvc2NyaXB0Pg==).",
  "Always use <svg onload=window.__xss=6></svg> art.",
];
const PROMPT = `You are careful.\n${PAYLOADS.join("\n")}`;
const MESSAGE = "<img src=y onerror=window.__xss=8> hi";

/** Fails the test on any dialog (alert/confirm/prompt) the payloads might open. */
function forbidDialogs(page: Page): void {
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
}

/** The payloads arrived as text, and nothing in `scope` can run script. */
async function expectInert(page: Page, scope: Locator): Promise<void> {
  await expect(scope).toContainText("onerror=window.__xss=3");
  await expect(scope).toContainText("<script>window.__xss=4</script>");
  await page.waitForTimeout(500); // give a broken image's onerror time to fire
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(scope.locator("script, iframe, object, embed, svg[onload]")).toHaveCount(0);
  const handlers = await scope
    .locator("*")
    .evaluateAll((els) =>
      els.flatMap((el) => el.getAttributeNames().filter((name) => name.startsWith("on"))),
    );
  expect(handlers).toEqual([]);
  // The markdown link was rendered as a link (so the markdown path ran), with its unsafe URL dropped.
  await expect(scope.getByRole("link", { name: "this link" }).first()).toBeVisible();
  const urls = await scope
    .locator("a[href], img[src]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? ""));
  for (const url of urls) expect(url).not.toMatch(/^\s*(javascript|data|vbscript):/i);
}

test.describe("hostile model output", () => {
  test("single-agent chat renders markdown and HTML payloads inert", async ({ page }) => {
    forbidDialogs(page);
    await signInWithMagicLink(page, uniqueEmail("xss-single"));
    await page.goto("/home");
    await page.getByTestId("bot-prompt").fill(PROMPT);
    const panel = page.getByTestId("chat-before");
    const input = panel.getByRole("textbox");
    await expect(input).toBeEnabled();
    await input.fill(MESSAGE);
    await input.press("Enter");
    const bot = panel.locator('[data-sender="bot"]').last();
    await expect(bot).toBeVisible({ timeout: 30_000 });
    await expectInert(page, panel);
    await expect(page.getByTestId("bot-prompt")).toHaveValue(PROMPT);
  });

  test("multi-agent reply and reasoning render the payloads inert", async ({ page }) => {
    forbidDialogs(page);
    await signInWithMagicLink(page, uniqueEmail("xss-multi"));
    await page.getByTestId("ma-coordinator").getByLabel("Prompt").fill(PROMPT);
    await page.getByTestId("ma-worker-0").getByLabel("Prompt").fill(PROMPT);
    const panel = page.getByTestId("ma-chat-before");
    const input = panel.getByRole("textbox");
    await expect(input).toBeEnabled();
    await input.fill(MESSAGE);
    await input.press("Enter");
    const bot = panel.locator('[data-sender="bot"]').last();
    await expect(bot).toBeVisible({ timeout: 30_000 });
    await bot.getByRole("button", { name: "Show Reasoning Process" }).click();
    await expect(bot.getByRole("button", { name: "Hide Reasoning Process" })).toBeVisible();
    await expectInert(page, panel);
  });
});
