/**
 * Sign-in helpers for end-to-end tests: the test OIDC provider's account and
 * process settings, and reading magic links from the SMTP fixture's mailbox.
 */
import { expect, type Page } from "@playwright/test";
import { APP_URL, E2E_PORTS, MAILBOX_URL } from "./ports";

/** The account the test OIDC provider ("Google") knows; any password works. */
export const OIDC_ACCOUNT = { email: "grace.hopper@example.com", name: "Grace Hopper" } as const;

/** Client registered at the test provider; start-app.ts passes the same values to the app. */
export const OIDC_CLIENT = { id: "promptune-e2e", secret: "promptune-e2e-secret" } as const;

/** Env of `apps/server/src/testing/oidc-main.ts` for the Playwright webServer entry. */
export const OIDC_PROVIDER_ENV = {
  OIDC_PORT: String(E2E_PORTS.oidc),
  OIDC_CLIENT_ID: OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
  OIDC_REDIRECT_URI: `${APP_URL}/`,
  OIDC_ACCOUNTS: JSON.stringify([OIDC_ACCOUNT]),
};

/** A fresh address per call, so tests never share a mailbox or a rate limit. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Waits for the magic-link mail to `email` and returns its `PUBLIC_URL/?token=…` link. */
export async function readMagicLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(email)}`);
        const mails = (await res.json()) as Array<{ subject: string; text: string }>;
        const mail = mails.findLast((m) => m.subject === "Your Promptune sign-in link");
        link = mail?.text.match(/http:\/\/localhost:\d+\/\?token=[A-Za-z0-9_-]+/)?.[0];
        return link;
      },
      { message: `a sign-in link mailed to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

/**
 * Signs in through the login modal and the mailed magic link; ends on / signed
 * in. `appUrl` names another app instance than the suite's (its own settings).
 */
export async function signInWithMagicLink(
  page: Page,
  email: string,
  appUrl: string = APP_URL,
): Promise<void> {
  await page.goto(`${appUrl}/`);
  await page.getByTestId("sign-in").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Sign in via email" }).click();
  await expect(dialog.getByText("Magic Link Sent!")).toBeVisible();
  await page.goto(await readMagicLink(email));
  await expect(page.getByText("Authorization Successful!")).toBeVisible();
  await expect(page).toHaveURL(`${appUrl}/`, { timeout: 5_000 });
  await expect(page.getByTestId("profile-menu")).toBeVisible();
}
