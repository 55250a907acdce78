import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built web app: hashed assets as immutable, everything else that
 * is not an API call falls back to index.html so client routes load. Unknown
 * `/api` paths answer a JSON 404.
 */
export async function installSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexPath = distDir ? join(distDir, "index.html") : null;
  const hasIndex = indexPath !== null && existsSync(indexPath);
  if (distDir && hasIndex) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        const immutable = /[/\\]assets[/\\]/.test(path);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn({ distDir }, "web app not built: only the API is served (run npm run build)");
  }
  const indexHtml = hasIndex && indexPath ? readFileSync(indexPath, "utf8") : null;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path === "/api" || path.startsWith("/api/")) {
      return reply
        .status(404)
        .send({ success: false, error: { message: `No API route ${request.method} ${path}` } });
    }
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (!wantsPage || !indexHtml || /\.[a-z0-9]{1,8}$/i.test(path)) {
      return reply.status(404).type("text/plain").send("Not found");
    }
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(indexHtml);
  });
}
