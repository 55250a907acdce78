import { expect, test } from "@playwright/test";

/**
 * Lazy chunks (issue 10, item 5): pages, below-the-fold sections, the
 * markdown renderer and highlighting are separate script chunks, and a chunk
 * that cannot load shows the spec's error: the route error screen
 * 'Unexpected Application Error!' with ChunkLoadError 'Loading chunk {n} failed'.
 */

test.describe("lazy chunks", () => {
  test("the markdown renderer and highlighting load only with the first bot reply", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/home");
    await expect(page.getByTestId("chat-after")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts.some((s) => /\/SingleAgentPage-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/SingleResultsSections-[\w-]+\.js$/.test(s))).toBe(true);
    // Only the single-agent page's chunks: no other page, no markdown/highlight.js, no zod.
    for (const other of ["MultiAgentPage", "IntegrationPage", "ProfilePage", "Markdown"])
      expect(
        scripts.filter((s) => s.includes(`/${other}-`)),
        other,
      ).toEqual([]);
  });

  test("a page chunk that fails to load shows the error screen with 'Loading chunk … failed'", async ({
    page,
  }) => {
    await page.route("**/assets/IntegrationPage-*.js", (route) => route.abort("failed"));
    await page.goto("/integration");
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.getByTestId("error-message")).toHaveText("Loading chunk integration failed");
    await expect(page.getByTestId("integration-page")).toHaveCount(0);

    // Once the chunk can load again, 'Reload' recovers.
    await page.unroute("**/assets/IntegrationPage-*.js");
    await page.getByRole("button", { name: "Reload" }).click();
    await expect(page.getByTestId("integration-page")).toBeVisible();
  });

  test("navigating to a page whose chunk fails shows the error screen too", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("multi-agent-page")).toBeVisible();
    await page.route("**/assets/IntegrationPage-*.js", (route) => route.abort("failed"));
    await page.getByTestId("sidebar").getByRole("link", { name: "Integration" }).click();
    await expect(page.getByText("Unexpected Application Error!")).toBeVisible();
    await expect(page.getByText(/^Loading chunk integration failed$/)).toBeVisible();
  });

  test("a below-the-fold section whose chunk fails shows the error screen", async ({ page }) => {
    await page.route("**/assets/ResultsSections-*.js", (route) => route.abort("failed"));
    await page.goto("/");
    await expect(page.getByText("Unexpected Application Error!")).toBeVisible();
    await expect(page.getByTestId("error-message")).toHaveText(
      "Loading chunk multi-agent-results failed",
    );
  });
});
