import { expect, request, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { APP_URL } from "../harness/ports";

test.describe("API tokens on the Profile page", () => {
  test("create a token shown once, call the API with it, revoke it", async ({ page }) => {
    await signInWithMagicLink(page, uniqueEmail("tokens"));
    await page.goto("/profile");
    const section = page.getByTestId("api-tokens");
    await expect(section.getByText("You have no API tokens.")).toBeVisible();
    await section.getByLabel("Token name").fill("CI nightly");
    await section.getByText("Read and run").click();
    await section.getByRole("button", { name: "Create token" }).click();
    const secret = section.getByTestId("api-token-secret");
    await expect(secret).toHaveText(/^pt_[A-Za-z0-9_-]{43}$/);
    const token = (await secret.textContent()) ?? "";
    await expect(section.getByRole("cell", { name: "read, run" })).toBeVisible();

    // the token works outside the browser, without the session cookie
    const client = await request.newContext({ baseURL: APP_URL });
    const headers = { authorization: `Bearer ${token}` };
    expect((await client.get("/api/profile", { headers })).status()).toBe(200);

    await section.getByRole("button", { name: "Done" }).click();
    await expect(secret).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(token)).toHaveCount(0);
    await section.getByRole("button", { name: "Revoke CI nightly" }).click();
    await expect(section.getByText("You have no API tokens.")).toBeVisible();
    expect((await client.get("/api/profile", { headers })).status()).toBe(401);
    await client.dispose();
  });
});
