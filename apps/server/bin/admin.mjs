#!/usr/bin/env node
// `npm run -w @promptune/server admin -- …`: the operator's commands. Runs the
// bundled command when the server has been built, otherwise the TypeScript
// sources through tsx.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const built = fileURLToPath(new URL("../dist/admin/main.js", import.meta.url));
if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../src/admin/main.ts", import.meta.url).href);
}
