import { expect, type Page, test } from "@playwright/test";
import { artifactPath } from "../harness/artifacts";

/** Horizontal overflow of the page in px (0 when nothing scrolls sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Visible elements whose own text is cut: labels, buttons, headings, table
 * headers, badges and segmented-control labels wider than their box.
 */
function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const selector =
      "label, button, h1, h2, h3, h4, th, .mantine-Badge-label, .mantine-SegmentedControl-label, .mantine-Slider-markLabel";
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const text = el.textContent?.trim() ?? "";
      if (!text) continue;
      const cut =
        el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== "visible";
      const offscreen = rect.right > document.documentElement.clientWidth + 1 || rect.left < -1;
      if (cut || offscreen) out.push(`${el.tagName.toLowerCase()}: ${text.slice(0, 40)}`);
    }
    return out;
  });
}

/** Scrolls the whole page down and back so deferred sections render. */
async function renderEverything(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
    }
    window.scrollTo(0, 0);
  });
}

/** Top of the configure section relative to the bottom of the sticky header, once scrolling settled. */
async function configureOffsetBelowHeader(page: Page): Promise<number> {
  let last = Number.NaN;
  let offset = Number.NaN;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => {
          const header = document.querySelector(".mantine-AppShell-header");
          const section = document.getElementById("configure");
          if (!header || !section) return Number.NaN;
          return section.getBoundingClientRect().top - header.getBoundingClientRect().bottom;
        });
        const settled = now === last;
        last = now;
        offset = now;
        return settled && Number.isFinite(now);
      },
      { intervals: [150], timeout: 8_000 },
    )
    .toBe(true);
  return offset;
}

test.describe("layout between 769 and 1024 px", () => {
  for (const width of [800, 900, 1024]) {
    test(`no horizontal scroll, no clipped labels and readable graphs at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, name] of [
        ["/", "multi"],
        ["/home", "single"],
        ["/integration", "integration"],
      ] as const) {
        await page.goto(path);
        await renderEverything(page);
        if (path !== "/integration") {
          await expect(page.getByTestId("evaluation-graph").first()).toBeAttached();
        }
        expect(await horizontalOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        expect(await clippedLabels(page), `${path} clips labels`).toEqual([]);
        if (path !== "/integration") {
          const graphWidths = await page
            .locator("svg[role='img'], svg[data-testid$='-graph'], [data-testid$='-graph'] svg")
            .evaluateAll((els) =>
              els
                .map((e) => e.getBoundingClientRect())
                .filter((r) => r.width > 0)
                .map((r) => Math.round(r.width)),
            );
          expect(graphWidths.length, `${path} shows a graph`).toBeGreaterThan(0);
          for (const w of graphWidths) expect(w, `${path} graph width`).toBeGreaterThanOrEqual(260);
        }
        await page.screenshot({
          path: artifactPath(`layout-${name}-${width}.png`),
          fullPage: true,
        });
      }
    });
  }
});

test.describe("scrolling to the configure section", () => {
  test("hero 'Get Started' and the header's 'Optimize' leave the configure heading below the sticky header", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of ["/", "/home"]) {
      await page.goto(path);
      await page.getByRole("button", { name: "Get Started" }).click();
      const offset = await configureOffsetBelowHeader(page);
      expect(offset, `${path} Get Started`).toBeGreaterThanOrEqual(0);
      expect(offset, `${path} Get Started`).toBeLessThan(60);
    }
    await page.goto("/profile");
    await page.getByTestId("optimize-link").click();
    await expect(page).toHaveURL(/\/home$/);
    const offset = await configureOffsetBelowHeader(page);
    expect(offset, "Optimize from /profile").toBeGreaterThanOrEqual(0);
    expect(offset, "Optimize from /profile").toBeLessThan(60);
    await expect(page.getByTestId("bot-prompt")).toBeInViewport();
  });
});

test.describe("mobile tours", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the single-agent tour reveals the configuration panel and points at the burger for the sidebar", async ({
    page,
  }) => {
    await page.goto("/home");
    await page.getByRole("button", { name: "Learn More" }).click();
    const popover = page.locator(".driver-popover");
    await expect(popover).toContainText("1 of 8");
    /** The highlighted element carrying data-tour=`name`. */
    const highlighted = (name: string) =>
      page.locator(`[data-tour="${name}"].driver-active-element`);
    await popover.getByRole("button", { name: "Next" }).click();
    await expect(popover).toContainText("2 of 8");
    await expect(highlighted("optimization-type")).toBeVisible();
    await popover.getByRole("button", { name: "Next" }).click();
    await expect(popover).toContainText("3 of 8");
    await expect(highlighted("configuration-panel")).toBeVisible();
    await expect(page.getByTestId("configuration-card")).toBeVisible();
    await page.screenshot({ path: artifactPath("tour-mobile-configuration.png") });
    // Back again: the prompt panel (with the optimization type) is shown for its step.
    await popover.getByRole("button", { name: "Previous" }).click();
    await expect(popover).toContainText("2 of 8");
    await expect(highlighted("optimization-type")).toBeVisible();
    for (let i = 3; i <= 8; i++) {
      await popover.getByRole("button", { name: "Next" }).click();
      await expect(popover).toContainText(`${i} of 8`);
    }
    await expect(highlighted("nav-burger")).toBeVisible();
    await expect(popover).toContainText("Open this menu");
    await page.screenshot({ path: artifactPath("tour-mobile-sidebar.png") });
    await popover.getByRole("button", { name: "Finish" }).click();
    await expect(popover).toHaveCount(0);
  });
});
