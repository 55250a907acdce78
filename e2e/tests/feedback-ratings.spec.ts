import { expect, type Page, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";

/**
 * Issue 25, items 1–2: a reply rated in the web chat becomes a row of the
 * user's "Feedback — web chats" dataset, reviewed (edited, deleted,
 * downloaded) on the datasets page and offered by the optimiser's select.
 */

/** Sends a chat message with Enter and returns the bot's reply bubble. */
async function chat(page: Page, panelId: string, text: string) {
  const panel = page.getByTestId(panelId);
  const input = panel.getByRole("textbox", { name: /^Message to/ });
  await expect(input).toBeEnabled();
  await input.fill(text);
  await input.press("Enter");
  const bot = panel.locator('[data-sender="bot"]').last();
  await expect(bot).toBeVisible({ timeout: 30_000 });
  return bot;
}

test("rate in the web chat → the row appears in the Feedback dataset on the datasets page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("feedback"));
  await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
  await expect(page.getByTestId("single-agent-page")).toBeVisible();
  await page
    .getByTestId("bot-prompt")
    .fill("You help hikers pick boots. Always ask about the terrain.");

  // 👍 on the first reply.
  const first = await chat(page, "chat-before", "Which boots for a wet trail?");
  await first.getByRole("button", { name: "Good reply" }).click();
  await expect(first.getByRole("status")).toHaveText("Rated 👍 — thank you!");

  // 👎 on the second, with what it should have said and a note.
  const second = await chat(page, "chat-before", "And for snow?");
  await second.getByRole("button", { name: "Bad reply" }).click();
  await second.getByLabel("What should it have said?").fill("Insulated boots rated to -20 °C.");
  await second.getByLabel(/^Note/).fill("Names a temperature rating");
  await second.getByRole("button", { name: "Send feedback" }).click();
  await expect(second.getByRole("status")).toHaveText("Rated 👎 — thank you!");

  // The datasets page lists the Feedback dataset with its two rows.
  await page.getByTestId("profile-menu").click();
  await page.getByRole("menuitem", { name: "Datasets" }).click();
  await expect(page).toHaveURL(/\/datasets$/);
  const dataset = page.getByTestId("feedback-dataset");
  await expect(dataset).toHaveCount(1);
  await expect(dataset).toContainText("Feedback — web chats");
  await expect(dataset.getByRole("cell").nth(1)).toHaveText("2");

  await dataset.getByRole("button", { name: "Review Feedback — web chats" }).click();
  const review = page.getByTestId("feedback-review");
  const rows = review.getByTestId("feedback-row");
  await expect(rows).toHaveCount(2);
  const snow = rows.filter({ hasText: "And for snow?" });
  await expect(snow.getByLabel("Reference (the reply to aim for)")).toHaveValue(
    "Insulated boots rated to -20 °C.",
  );
  await expect(snow.getByLabel("Rubric (one item per line)")).toHaveValue(
    "Names a temperature rating",
  );
  await expect(snow).toContainText("👎 bad");

  // Edit the reference, then delete the other row.
  await snow.getByLabel("Reference (the reply to aim for)").fill("Insulated, waterproof boots.");
  await snow.getByRole("button", { name: "Save" }).click();
  await expect(snow.getByRole("status")).toHaveText("Saved.");
  await rows
    .filter({ hasText: "Which boots for a wet trail?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(rows).toHaveCount(1);

  const download = await page.request.get("/api/feedback/feedback-chat/jsonl");
  const lines = (await download.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    reference: "Insulated, waterproof boots.",
    rubric: ["Names a temperature rating"],
    dialog: [
      { type: "human", content: "Which boots for a wet trail?" },
      { type: "ai" },
      { type: "human", content: "And for snow?" },
    ],
  });
  await page.keyboard.press("Escape");
  await expect(dataset.getByRole("cell").nth(1)).toHaveText("1");

  // The optimiser offers it like an uploaded dataset.
  await page.getByRole("button", { name: "Optimize", exact: true }).click();
  await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
  await page.getByTestId("dataset-select").click();
  await expect(page.getByRole("option", { name: "Feedback — web chats" })).toBeVisible();
});
