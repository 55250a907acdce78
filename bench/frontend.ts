/**
 * Front-end budget: loads every page of the built web app cold in Chromium
 * (a fresh browser context per load, so nothing is cached), served by the real
 * server, and prints per route:
 *  - the JavaScript needed until the page's main content is visible, as gzip
 *    bytes (each response body gzipped here with zlib) — target ≤ 170 KB;
 *  - time to first render: first contentful paint and the moment the page's
 *    main element (its data-testid) is in the DOM with a size — target < 1 s.
 * A script counts as needed when its request started before the main element
 * appeared; chunks the page fetches afterwards (below-the-fold sections,
 * markdown, highlighting) are listed separately.
 *
 * Expects `npm run build` first (apps/web/dist). WEB_DIST_DIR measures another build.
 *   npx tsx bench/frontend.ts [--runs 5]
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { startFixtureLlm } from "../apps/server/src/testing/fixture-llm";
import { freePort, startServerProcess, waitForHttp } from "../apps/server/src/testing/processes";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const RUNS = Math.max(1, Number(values.runs));
const JS_BUDGET_BYTES = 170 * 1024;
const RENDER_BUDGET_MS = 1000;

/** Pages and the element that marks their main content (the e2e tests use the same ids). */
const ROUTES = [
  { path: "/", testId: "multi-agent-page" },
  { path: "/home", testId: "single-agent-page" },
  { path: "/integration", testId: "integration-page" },
  { path: "/profile", testId: "profile-page" },
] as const;

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Source of the probe run in the page before any script: records first contentful
 * paint and when the main element first has a size. A string, so no transpiler
 * helper leaks into the page.
 */
function probeScript(testId: string): string {
  return `(() => {
    const b = (window.__bench = {});
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === "first-contentful-paint") b.fcp = e.startTime;
    }).observe({ type: "paint", buffered: true });
    const check = () => {
      if (b.main !== undefined) return;
      const el = document.querySelector('[data-testid="${testId}"]');
      if (el && el.getBoundingClientRect().height > 0) b.main = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();`;
}

interface LoadResult {
  fcpMs: number;
  mainMs: number;
  /** gzip bytes of scripts requested before the main element appeared. */
  initialGzip: number;
  initialFiles: string[];
  /** gzip bytes of scripts requested afterwards (within the settle time). */
  laterGzip: number;
  laterFiles: string[];
}

async function loadOnce(browser: Browser, origin: string, route: (typeof ROUTES)[number]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer | null>>();
  page.on("response", (response) => {
    const url = response.url();
    if (new URL(url).pathname.endsWith(".js"))
      bodies.set(
        url,
        response.body().catch(() => null),
      );
  });
  await page.addInitScript({ content: probeScript(route.testId) });
  await page.goto(`${origin}${route.path}`, { waitUntil: "load" });
  await page.waitForFunction(
    "window.__bench && window.__bench.fcp !== undefined && window.__bench.main !== undefined",
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForLoadState("networkidle");
  const probe = (await page.evaluate(`({
    fcp: window.__bench.fcp,
    main: window.__bench.main,
    scripts: performance
      .getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname.endsWith(".js"))
      .map((e) => ({ url: e.name, start: e.startTime })),
  })`)) as { fcp: number; main: number; scripts: Array<{ url: string; start: number }> };
  const result: LoadResult = {
    fcpMs: probe.fcp,
    mainMs: probe.main,
    initialGzip: 0,
    initialFiles: [],
    laterGzip: 0,
    laterFiles: [],
  };
  for (const script of probe.scripts) {
    const body = await bodies.get(script.url);
    if (!body) throw new Error(`no body captured for ${script.url}`);
    const gz = gzipSync(body).length;
    const name = new URL(script.url).pathname.split("/").pop() ?? script.url;
    if (script.start < probe.main) {
      result.initialGzip += gz;
      result.initialFiles.push(`${name} ${(gz / 1024).toFixed(1)}`);
    } else {
      result.laterGzip += gz;
      result.laterFiles.push(`${name} ${(gz / 1024).toFixed(1)}`);
    }
  }
  await context.close();
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (value: number, target: number) => (value / target).toFixed(2);

async function main(): Promise<void> {
  const distDir =
    process.env.WEB_DIST_DIR ?? fileURLToPath(new URL("../apps/web/dist", import.meta.url));
  if (!existsSync(join(distDir, "index.html")))
    throw new Error(`no built web app in ${distDir}: run npm run build first`);

  const fixture = await startFixtureLlm({ latencyMs: 5 });
  const dir = mkdtempSync(join(tmpdir(), "promptune-bench-fe-"));
  const port = await freePort();
  const server = startServerProcess("main.ts", {
    NODE_ENV: "production",
    LOG_LEVEL: "error",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SQLITE_PATH: join(dir, "bench.db"),
    WEB_DIST_DIR: distDir,
    OPENAI_BASE_URL: fixture.url,
    OPENAI_API_KEY: "bench",
    LLM_MODELS: "fixture-small,fixture-large",
    SMTP_URL: "smtp://127.0.0.1:1",
  });
  let browser: Browser | undefined;
  let overBudget = 0;
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForHttp(`${origin}/healthz`, server, 60_000);
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    // Warm the browser process and the server's file cache once; every measured load is cold.
    await loadOnce(browser, origin, ROUTES[0]);

    console.log(`# Front-end budget: cold loads in Chromium, 1280x800, median of ${RUNS} runs`);
    console.log("route         initial JS (gzip)         first contentful paint   main content");
    for (const route of ROUTES) {
      const runs: LoadResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, origin, route));
      const js = Math.max(...runs.map((r) => r.initialGzip));
      const fcp = median(runs.map((r) => r.fcpMs));
      const main = median(runs.map((r) => r.mainMs));
      if (js > JS_BUDGET_BYTES || main >= RENDER_BUDGET_MS) overBudget++;
      console.log(
        `${route.path.padEnd(13)} ${kb(js).padStart(9)} ratio ${ratio(js, JS_BUDGET_BYTES)}   ` +
          `${fcp.toFixed(0).padStart(5)} ms ratio ${ratio(fcp, RENDER_BUDGET_MS)}   ` +
          `${main.toFixed(0).padStart(5)} ms ratio ${ratio(main, RENDER_BUDGET_MS)}`,
      );
      const last = runs[runs.length - 1] as LoadResult;
      console.log(`  initial: ${last.initialFiles.join(", ")}`);
      if (last.laterFiles.length)
        console.log(`  after main content (${kb(last.laterGzip)}): ${last.laterFiles.join(", ")}`);
    }
    console.log(
      `targets: initial route JavaScript ≤ 170 KB gzip, first render < 1000 ms; ${overBudget ? `${overBudget} route(s) over budget` : "all routes within budget"}`,
    );
  } finally {
    await browser?.close();
    await server.kill("SIGTERM");
    await fixture.close();
  }
  process.exitCode = overBudget ? 1 : 0;
}

await main();
