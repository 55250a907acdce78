import { expect, test } from "@playwright/test";
import { chatMessages } from "../../apps/server/src/autotune/chat";
import { assistantReply } from "../../apps/server/src/testing/fixture-llm/behaviour";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import {
  askAfterBot,
  type BotsApp,
  confirmOwner,
  startBotsApp,
  type TelegramUser,
} from "../harness/bots-app";
import { E2E_PORTS } from "../harness/ports";
import { runFromHomePage } from "../harness/runs";

/**
 * Issue 25 end to end through the real UI and the real bots (the Bot API
 * fixture, polled by an app of its own): saving the integration deploys
 * version 1 to the after-bot; a reply rated in the web chat becomes a
 * Feedback row; a run optimises on it (merged with a bundled dataset through
 * "Merge with"); the run's iteration is deployed (the held-out gate refuses
 * an unmeasured iteration, "Deploy anyway" is recorded) and a friend talking
 * to the after-bot in Telegram gets the new version's answer; the Versions
 * section rolls back to version 1 and the friend gets its answer again.
 */

const INITIAL = "You answer questions about a bike shop's repairs and opening hours.";
const SAVED_AFTER = "You answer questions about a bike shop. Always mention the free safety check.";
const PORT = E2E_PORTS.app + 24;
const OWNER: TelegramUser = { id: 8801, username: "e2e_deploy_owner", first_name: "Dana" };
const FRIEND: TelegramUser = { id: 8802, username: "e2e_deploy_friend", first_name: "Frank" };

/** What the fixture model answers `question` under the after-bot's `prompt` (the chat's framing). */
const replyUnder = (prompt: string, question: string) =>
  assistantReply(chatMessages(prompt, [{ type: "human", content: question }]));

let bots: BotsApp;
test.use({ baseURL: `http://localhost:${PORT}` });
test.beforeAll(async () => {
  bots = await startBotsApp(PORT);
});
test.afterAll(async () => {
  await bots?.stop();
});

test("save deploys v1 → rate → Feedback row → optimise on it → deploy v2 past the gate → the after-bot answers with v2 → roll back to v1", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("deploys"), `http://localhost:${PORT}`);

  // Saving the integration deploys version 1; the owner confirms the account from Telegram,
  // and the friend's question gets version 1's answer.
  await page.getByTestId("sidebar").getByRole("link", { name: "Integration" }).click();
  await page.getByLabel("Your Telegram Username").fill(`@${OWNER.username}`);
  await page.getByLabel("Friends' Usernames").fill(`@${FRIEND.username}`);
  await page.getByLabel("Prompt", { exact: true }).fill(INITIAL);
  await page.getByLabel("Optimized Prompt").fill(SAVED_AFTER);
  await page.getByRole("button", { name: "Save Integration" }).click();
  const versions = page.getByTestId("deploy-version");
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText("Version 1");
  await expect(versions.first()).toContainText("Saved on the Integration page");
  await expect(versions.first()).toContainText("Active");
  const link = await page.getByTestId("telegram-verification-link").getAttribute("href");
  await confirmOwner(bots.tg, link ?? "", OWNER);
  await page.reload();
  await expect(page.getByTestId("telegram-verification")).toContainText("Verified");
  const first = await askAfterBot(bots.tg, FRIEND, "Can you true a wheel?");
  expect(first.text).toBe(replyUnder(SAVED_AFTER, "Can you true a wheel?"));

  // A 👍 in the web chat is a row of the Feedback dataset.
  await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
  await page.getByTestId("bot-prompt").fill(INITIAL);
  const panel = page.getByTestId("chat-before");
  const input = panel.getByRole("textbox", { name: /^Message to/ });
  await expect(input).toBeEnabled();
  await input.fill("Do you fix punctures?");
  await input.press("Enter");
  const reply = panel.locator('[data-sender="bot"]').last();
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await reply.getByRole("button", { name: "Good reply" }).click();
  await expect(reply.getByRole("status")).toHaveText("Rated 👍 — thank you!");
  const rows = await (await page.request.get("/api/feedback/feedback-chat/rows")).json();
  expect(rows.data.rows).toHaveLength(1);
  expect(rows.data.rows[0].dialog[0].content).toBe("Do you fix punctures?");

  // A run on the bundled dataset merged with the Feedback dataset; its iteration that was not
  // presented has no held-out measurement: the gate refuses.
  await runFromHomePage(page, {
    prompt: INITIAL,
    iterations: 2,
    mergeWith: ["Feedback — web chats"],
  });
  const history = await (
    await page.request.get("/api/auto-tune/optimize/history?mode=single")
  ).json();
  expect(history.data[0].configuration.extra_datasets).toEqual(["feedback-chat"]);
  const carousel = page.getByTestId("optimized-carousel");
  await expect(carousel).not.toHaveAttribute("data-animating", "true");
  const shown = Number(await carousel.getAttribute("data-index"));
  const other = 1 - shown;
  await carousel
    .getByRole("button", { name: shown === 0 ? "Next configuration" : "Previous configuration" })
    .click();
  await expect(carousel).toHaveAttribute("data-index", String(other));
  await expect(carousel).not.toHaveAttribute("data-animating", "true");
  const slide = page.getByTestId(`optimized-slide-${other + 1}`);
  const deployedPrompt = (await slide.getByTestId("configuration-prompt").textContent()) ?? "";
  await slide.getByRole("button", { name: "Deploy to after-bot" }).click();
  const dialog = page.getByRole("dialog", { name: "The deploy gate refused this configuration" });
  await expect(dialog.getByTestId("deploy-refusal")).toContainText(
    `Iteration ${other + 1} of this run was not compared with the before prompt on held-out examples`,
  );
  await dialog.getByRole("button", { name: "Deploy anyway" }).click();
  await expect(page.getByText(/Version 2 is live/)).toBeVisible();

  // The friend now gets the deployed version's answer, and the Versions section counts it.
  const second = await askAfterBot(bots.tg, FRIEND, "Are you open on Sunday?");
  expect(second.text).toBe(replyUnder(deployedPrompt, "Are you open on Sunday?"));
  expect(second.text).not.toBe(replyUnder(SAVED_AFTER, "Are you open on Sunday?"));
  await page.getByTestId("sidebar").getByRole("link", { name: "Integration" }).click();
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Version 2");
  await expect(versions.first()).toContainText("Active");
  await expect(versions.first()).toContainText("Deployed past the gate");
  await expect(versions.first()).toContainText(`iteration ${other + 1}`);
  await expect(versions.first().getByTestId("version-evidence")).toContainText(
    "1 reply in 1 conversation",
  );
  await expect(page.getByLabel("Optimized Prompt")).toHaveValue(deployedPrompt);

  // Roll back to version 1, after confirming: the friend gets version 1's answer again.
  await versions.nth(1).getByRole("button", { name: "Roll back to this version" }).click();
  await page
    .getByRole("dialog", { name: "Roll back the after-bot?" })
    .getByRole("button", { name: "Roll back" })
    .click();
  await expect(page.getByText("The after-bot now answers with version 1.")).toBeVisible();
  await expect(versions.nth(1)).toContainText("Active");
  await expect(versions.first()).not.toContainText("Active");
  await expect(page.getByLabel("Optimized Prompt")).toHaveValue(SAVED_AFTER);
  const listed = await (await page.request.get("/api/integration/deploys")).json();
  expect(listed.data.map((v: { number: number; active: boolean }) => [v.number, v.active])).toEqual(
    [
      [2, false],
      [1, true],
    ],
  );
  const third = await askAfterBot(bots.tg, FRIEND, "Are you open on Sunday?");
  expect(third.text).toBe(replyUnder(SAVED_AFTER, "Are you open on Sunday?"));
});
