import { expect, test } from "@playwright/test";
import { OIDC_ACCOUNT, readMagicLink, signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { APP_URL } from "../harness/ports";

test.describe("sign-in by magic link", () => {
  test("the link read from the SMTP server signs in, once", async ({ page }) => {
    const email = uniqueEmail("magic");
    await page.goto("/");
    await page.getByTestId("sign-in").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Sign in via email" }).click();
    await expect(dialog.getByText("Magic Link Sent!")).toBeVisible();
    await expect(
      dialog.getByText("Check your email and follow the link to sign in."),
    ).toBeVisible();
    await expect(dialog.getByText("Didn't get it? Check spam or Promotions folder.")).toBeVisible();

    const link = await readMagicLink(email);
    expect(link.startsWith(`${APP_URL}/?token=`)).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\/auth-link\/callback\?token=/);
    await expect(page.getByText("Authorization Successful!")).toBeVisible();
    await expect(page).toHaveURL(`${APP_URL}/`, { timeout: 5_000 });
    await expect(page.getByTestId("profile-menu")).toBeVisible();
    const status = await (await page.request.get("/api/auth/status")).json();
    expect(status.data).toMatchObject({ authenticated: true, email });

    // The link is single use: opening it again fails with the server's message.
    await page.goto(link);
    await expect(page.getByText("Authorization Error")).toBeVisible();
    await expect(
      page.getByText("This sign-in link has already been used. Please request a new one."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(`${APP_URL}/`);
  });

  test("the callback screen without a token shows the Russian error", async ({ page }) => {
    await page.goto("/auth/auth-link/callback");
    await expect(page.getByText("Authorization Error")).toBeVisible();
    await expect(page.getByText("Токен авторизации не найден")).toBeVisible();
  });

  test("an invalid address is refused by the form", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("sign-in").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("not-an-address");
    await dialog.getByRole("button", { name: "Sign in via email" }).click();
    await expect(dialog.getByText("Magic Link Sent!")).toHaveCount(0);
    const valid = await dialog
      .getByLabel("Email")
      .evaluate((el) => (el as HTMLInputElement).validity.valid);
    expect(valid).toBe(false);
  });
});

test.describe("profile and sign-out", () => {
  test("edit and save the profile with the toast, then log out", async ({ page }) => {
    const email = uniqueEmail("profile");
    await signInWithMagicLink(page, email);

    await page.getByTestId("profile-menu").click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const form = page.getByTestId("profile-form");
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Ada Lovelace");
    await form.getByLabel("Company Name (optional)").fill("Analytical Engines Ltd");
    await form.getByLabel("I am interested in receiving communication from us").check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Profile saved successfully!")).toBeVisible();
    // The toast closes by itself after 4 seconds.
    await expect(page.getByText("Profile saved successfully!")).toHaveCount(0, { timeout: 7_000 });

    await page.reload();
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(
      "Ada Lovelace",
    );
    await expect(form.getByLabel("Company Name (optional)")).toHaveValue("Analytical Engines Ltd");
    await expect(
      form.getByLabel("I am interested in receiving communication from us"),
    ).toBeChecked();

    await page.getByTestId("profile-menu").click();
    await expect(page.getByRole("menu").getByText("Ada Lovelace")).toBeVisible();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page.getByTestId("sign-in")).toBeVisible();
    const status = await (await page.request.get("/api/auth/status")).json();
    expect(status.data).toEqual({ authenticated: false });
    const profile = await page.request.get("/api/profile");
    expect(profile.status()).toBe(401);
  });
});

test.describe("sign-in with Google (a real OIDC provider on 127.0.0.1)", () => {
  test("Continue with Google → provider login → back to / signed in", async ({ page }) => {
    await page.goto("/integration");
    await page.getByTestId("sign-in").click();
    await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();

    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
    await page.locator('input[name="login"]').fill(OIDC_ACCOUNT.email);
    await page.locator('input[name="password"]').fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();

    await expect(page).toHaveURL(`${APP_URL}/`);
    await expect(page.getByTestId("profile-menu")).toBeVisible();
    await expect(page.getByTestId("authorization-overlay")).toHaveCount(0);
    const status = await (await page.request.get("/api/auth/status")).json();
    expect(status.data).toEqual({
      authenticated: true,
      email: OIDC_ACCOUNT.email,
      name: OIDC_ACCOUNT.name,
      company_name: "",
    });
    await page.getByTestId("profile-menu").click();
    await expect(page.getByRole("menu").getByText(OIDC_ACCOUNT.name)).toBeVisible();
    const pkceLeft = await page.evaluate(() =>
      Object.keys(sessionStorage).filter((k) => k !== "pkce_processed_code"),
    );
    expect(pkceLeft.filter((k) => k.startsWith("pkce_"))).toEqual([]);
  });

  test("a tampered state does not sign in", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    // Tamper with the state the provider sends back, before the app reads the address.
    await page.addInitScript((appOrigin: string) => {
      const url = new URL(window.location.href);
      if (url.origin === appOrigin && url.searchParams.has("code")) {
        url.searchParams.set("state", "tampered");
        window.history.replaceState(null, "", url);
      }
    }, APP_URL);
    await page.goto("/");
    await page.getByTestId("sign-in").click();
    await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
    await page.locator('input[name="login"]').fill(OIDC_ACCOUNT.email);
    await page.locator('input[name="password"]').fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();

    await expect(page).toHaveURL(`${APP_URL}/`);
    await expect.poll(() => errors).toContain("Invalid PKCE data or state mismatch");
    await expect(page.getByTestId("sign-in")).toBeVisible();
    const status = await (await page.request.get("/api/auth/status")).json();
    expect(status.data).toEqual({ authenticated: false });
    const pkce = await page.evaluate(() => [
      sessionStorage.getItem("pkce_code_verifier"),
      sessionStorage.getItem("pkce_state"),
    ]);
    expect(pkce).toEqual([null, null]);
  });
});
