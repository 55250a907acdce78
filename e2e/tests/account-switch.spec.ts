import { expect, type Page, test } from "@playwright/test";
import { readMagicLink, signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { APP_URL } from "../harness/ports";

/**
 * Login CSRF through magic links (issue 21, item 8): a signed-in browser that
 * opens a sign-in link for ANOTHER account is asked before switching, showing
 * both accounts; "Stay signed in as …" keeps the session, "Switch to …"
 * switches. A link for the same account signs in without a question.
 */

/** Mails a sign-in link to `email` (as an attacker would, for their own account) and returns it. */
async function linkFor(email: string): Promise<string> {
  const res = await fetch(`${APP_URL}/api/auth/auth-link/request`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: APP_URL },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  return readMagicLink(email);
}

/** The account the browser's session belongs to, as the server sees it. */
async function signedInAs(page: Page): Promise<string | undefined> {
  const res = await page.request.get(`${APP_URL}/api/auth/status`);
  const body = (await res.json()) as { data: { authenticated: boolean; email?: string } };
  return body.data.authenticated ? body.data.email : undefined;
}

test("a signed-in browser asks before a magic link switches it to another account", async ({
  page,
}) => {
  const victim = uniqueEmail("switch-victim");
  const attacker = uniqueEmail("switch-attacker");
  await signInWithMagicLink(page, victim);

  // The attacker's link, opened by the signed-in victim: a question, no switch.
  await page.goto(await linkFor(attacker));
  const prompt = page.getByTestId("account-switch");
  await expect(prompt.getByRole("heading", { name: "Switch accounts?" })).toBeVisible();
  await expect(prompt.getByTestId("account-switch-current")).toHaveText(victim);
  await expect(prompt.getByTestId("account-switch-incoming")).toHaveText(attacker);
  expect(await signedInAs(page)).toBe(victim);

  await prompt.getByRole("button", { name: `Stay signed in as ${victim}` }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByTestId("profile-menu")).toBeVisible();
  expect(await signedInAs(page)).toBe(victim);

  // A link the user asked for: they choose to switch.
  await page.goto(await linkFor(attacker));
  await page.getByRole("button", { name: `Switch to ${attacker}` }).click();
  await expect(page.getByText("Authorization Successful!")).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/`, { timeout: 5_000 });
  expect(await signedInAs(page)).toBe(attacker);

  // The same account's link signs in as before, without a question.
  await page.goto(await linkFor(attacker));
  await expect(page.getByText("Authorization Successful!")).toBeVisible();
  await expect(page.getByTestId("account-switch")).toHaveCount(0);
  expect(await signedInAs(page)).toBe(attacker);
});
