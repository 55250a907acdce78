import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (fast, no external services; `*.test.ts(x)`) and
 * `integration` (real SQLite/PostgreSQL/Redis, child processes, fixture servers;
 * `*.int.test.ts`). Web component tests run in jsdom inside `unit`.
 * Integration files run two at a time: each has its own database, random
 * ports and Redis prefix (docs/quality.md, "The suite's time").
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "unit-web",
          root: "./apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
