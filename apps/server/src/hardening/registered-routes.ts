import type { FastifyInstance } from "fastify";

const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the app has registered, as "METHOD /path" (Fastify's own
 * pattern, e.g. "GET /api/auto-tune/optimize/history/:id"), read from
 * `printRoutes` so that a route added anywhere shows up. HEAD routes that
 * Fastify adds for each GET are left out; a trailing slash is dropped.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split("\n")) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    const segment = match[2] ?? "";
    const path = stack.join("") + segment;
    stack.push(segment);
    const methods = match[3]?.split(", ") ?? [];
    const normalised = path.length > 1 ? path.replace(/\/$/, "") : path;
    for (const method of methods) {
      if (method !== "HEAD") routes.add(`${method} ${normalised}`);
    }
  }
  return [...routes].sort();
}
