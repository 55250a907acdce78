// `npm run dev`: the API server with reload (tsx watch) and Vite with hot
// module replacement, proxying /api (HTTP and WebSockets) to the server.
import { spawn } from "node:child_process";

const apiPort = process.env.PORT ?? "3000";
const webUrl = "http://localhost:5173";
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/main.ts"], {
    cwd: new URL("../apps/server/", import.meta.url),
    stdio: "inherit",
    env: { NODE_ENV: "development", PUBLIC_URL: webUrl, ...process.env, PORT: apiPort },
  }),
  spawn("npx", ["vite"], {
    cwd: new URL("../apps/web/", import.meta.url),
    stdio: "inherit",
    env: { ...process.env, PROMPTUNE_API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
