import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The API origin the dev server proxies /api (HTTP and WebSockets) to. */
const apiTarget = process.env.PROMPTUNE_API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, ws: true, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod is only reached through the lazily loaded response schemas
          // (src/api/schemas.ts); naming its chunk keeps that visible in builds.
          groups: [{ name: "zod", test: /node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
});
