import { expect, test } from "@playwright/test";
import { artifactPath } from "../harness/artifacts";

test.describe("routes and layouts", () => {
  test("every route renders inside its layout", async ({ page }) => {
    for (const [path, testId] of [
      ["/", "multi-agent-page"],
      ["/multi-agent", "multi-agent-page"],
      ["/home", "single-agent-page"],
      ["/integration", "integration-page"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(testId), path).toBeVisible();
      await expect(page.getByTestId("sidebar"), path).toBeVisible();
      await expect(page.getByTestId("logo"), path).toBeVisible();
    }
    await page.goto("/profile");
    await expect(page.getByTestId("profile-page")).toBeVisible();
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "History" })).toBeVisible();
  });

  test("the sidebar navigates between the optimizers", async ({ page }) => {
    await page.goto("/");
    const sidebar = page.getByTestId("sidebar");
    await sidebar.getByRole("link", { name: "Single-Agent" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("single-agent-page")).toBeVisible();
    await sidebar.getByRole("link", { name: "Integration" }).click();
    await expect(page).toHaveURL(/\/integration$/);
    await expect(page.getByRole("heading", { name: "Integrate Your Telegram Bot" })).toBeVisible();
    await sidebar.getByRole("link", { name: "Multi-Agent" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("multi-agent-page")).toBeVisible();
  });

  test("/home stores optimizationType and strips it from the address", async ({ page }) => {
    await page.goto("/home?optimizationType=with_integration");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("single-agent-page")).toBeVisible();
    await expect(page.getByTestId("optimization-type")).toHaveValue("Telegram Integration");
  });

  test("a ?token= parameter is forwarded to the link callback screen", async ({ page }) => {
    await page.goto("/?token=abc123");
    await expect(page).toHaveURL(/\/auth\/auth-link\/callback\?token=abc123$/);
  });

  test("an ?error= parameter goes back home", async ({ page }) => {
    await page.goto("/integration?error=access_denied");
    await expect(page).toHaveURL(/\/$/);
  });

  test("unknown API paths answer JSON 404", async ({ request }) => {
    const res = await request.get("/api/nothing-here");
    expect(res.status()).toBe(404);
    expect((await res.json()).success).toBe(false);
  });
});

test.describe("mobile layout (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the burger opens the sidebar and navigation closes it", async ({ page }) => {
    await page.goto("/");
    const burger = page.getByRole("button", { name: "Toggle navigation" });
    await expect(burger).toBeVisible();
    await expect(page.getByTestId("sidebar")).not.toBeInViewport();
    await burger.click();
    await expect(page.getByTestId("sidebar")).toBeInViewport();
    await page.getByTestId("sidebar").getByRole("link", { name: "Single-Agent" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("sidebar")).not.toBeInViewport();
    await page.screenshot({ path: artifactPath("mobile-home.png"), fullPage: true });
  });
});
