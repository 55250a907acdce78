import { expect, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";

/**
 * Telegram ownership verification (issue 14, item 8) as the page shows it:
 * after saving, the integration says its username is not verified and
 * offers the one-time deep link to the before bot; the state survives a
 * reload, and a changed username gets a new link. Also checks that the page
 * runs under the Content-Security-Policy without any violation (item 9).
 */
test("the integration page says 'not verified' and shows the one-time deep link", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signInWithMagicLink(page, uniqueEmail("tg-verify"));
  await page.goto("/integration");
  await expect(page.getByTestId("telegram-verification")).toHaveCount(0);

  await page.getByLabel("Your Telegram Username").fill("e2e_verifier");
  await page.getByLabel("Prompt", { exact: true }).fill("You answer questions about our shop.");
  await page.getByRole("button", { name: "Save Integration" }).click();
  await expect(page.getByText("Integration saved successfully!")).toBeVisible();

  const box = page.getByTestId("telegram-verification");
  await expect(box).toContainText("Telegram username not verified");
  await expect(box).toContainText("the bots treat that Telegram account as a stranger");
  const link = box.getByTestId("telegram-verification-link");
  await expect(link).toHaveAttribute(
    "href",
    /^https:\/\/t\.me\/promptune_before_bot\?start=[A-Za-z0-9_-]{22}$/,
  );
  const first = await link.getAttribute("href");

  await page.reload();
  await expect(page.getByTestId("telegram-verification-link")).toHaveAttribute("href", first ?? "");

  await page.getByLabel("Your Telegram Username").fill("e2e_other_name");
  await page.getByRole("button", { name: "Save Integration" }).click();
  await expect(page.getByTestId("telegram-verification-link")).not.toHaveAttribute(
    "href",
    first ?? "",
  );
  await expect(page.getByTestId("telegram-verification")).toContainText("not verified");
  expect(violations).toEqual([]);
});
