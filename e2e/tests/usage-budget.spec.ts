import { expect, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { APP_URL } from "../harness/ports";

test.describe("usage against the budget on the Profile page", () => {
  test("a chat's model call shows up in today's and this month's usage", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithMagicLink(page, uniqueEmail("usage"));

    await page.goto("/profile");
    const panel = page.getByTestId("usage-panel");
    await expect(panel).toBeVisible();
    const calls = page.getByTestId("usage-model-calls");
    // The app's default budget (BUDGET_DAILY_CALLS / BUDGET_MONTHLY_CALLS).
    await expect(calls.getByRole("cell").nth(0)).toHaveText("0 of 5,000");
    await expect(calls.getByRole("cell").nth(1)).toHaveText("0 of 50,000");
    await expect(page.getByTestId("usage-cost").getByRole("cell").nth(0)).toHaveText(
      "$0.00 of $10.00",
    );

    // One chat, sent with the page's session like the chat panel does.
    const chat = await page.request.post("/api/auto-tune/chat", {
      headers: { origin: APP_URL },
      data: {
        prompt: "You are helpful.",
        dialog: [{ type: "human", content: "Hello" }],
        temperature: 0.7,
      },
    });
    expect(chat.status()).toBe(200);

    await page.reload();
    await expect(calls.getByRole("cell").nth(0)).toHaveText("1 of 5,000");
    await expect(calls.getByRole("cell").nth(1)).toHaveText("1 of 50,000");
    await expect(page.getByTestId("usage-tokens").getByRole("cell").nth(0)).not.toHaveText(/^0 of/);
    await expect(page.getByLabel("Model calls today")).toBeVisible();
    await expect(panel).toContainText("The day resets at 00:00 UTC");
  });
});
