import { expect, type Locator, type Page, test } from "@playwright/test";
import { signInWithMagicLink, uniqueEmail } from "../harness/auth";
import { runSingleOptimisation } from "../harness/runs";

/**
 * Issue 26 §3 item 1: the history table never clips. At 1280, 1024 and
 * 375 px the mode dropdown and every action button can be reached (scrolled
 * to and clicked), nothing sticks out of the page sideways, and opening
 * 'Load to integration' does not shift the card.
 */

/** True when the element's centre is hit-testable, i.e. not cut off by an ancestor's overflow. */
async function reachable(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

async function openHistory(page: Page) {
  await page.goto("/profile");
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByTestId("history-row").first()).toBeVisible();
}

test("history: the mode dropdown and actions are reachable at 1280, 1024 and 375 px, no sideways shift", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithMagicLink(page, uniqueEmail("history-layout"));
  await runSingleOptimisation(page, {
    prompt: "You answer questions about a bicycle shop's repair service. Be brief.",
    iterations: 1,
  });
  for (const width of [1280, 1024, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await openHistory(page);
    const card = page.getByTestId("profile-page");
    const row = page.getByTestId("history-row").first();
    expect(await reachable(page.getByTestId("history-mode")), `mode select at ${width}`).toBe(true);
    for (const name of ["Load into optimizer", "Load to integration"]) {
      expect(await reachable(row.getByRole("button", { name })), `${name} at ${width}`).toBe(true);
    }
    expect(await card.evaluate((el) => el.scrollLeft), `card scrolled at ${width}`).toBe(0);
    // Nothing sticks out of the page and the card is not scrolled inside itself.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `page overflow at ${width}`).toBeLessThanOrEqual(0);
    const before = await card.boundingBox();
    await row.getByRole("button", { name: "Load to integration" }).click();
    await expect(page.getByRole("dialog", { name: "Load to integration?" })).toBeVisible();
    expect(await card.evaluate((el) => el.scrollLeft), `card scrolled at ${width}`).toBe(0);
    expect((await card.boundingBox())?.x).toBe(before?.x);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog", { name: "Load to integration?" })).toBeHidden();
    expect(await card.evaluate((el) => el.scrollLeft)).toBe(0);
  }
});
