/**
 * GET /api/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (a
 * self-contained page listing every operation with its schemas; no script
 * from elsewhere, so it works under the strict content-security policy).
 */
import type { FastifyInstance } from "fastify";
import { openApiDocument } from "./document";

const htmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The docs page: one section per operation, the schemas as formatted JSON. */
export function docsPage(doc: ReturnType<typeof openApiDocument>): string {
  const sections = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, raw]) => {
      const op = raw as {
        summary: string;
        description: string;
        requestBody?: unknown;
        responses: unknown;
      };
      const body = op.requestBody
        ? `<details><summary>Request body</summary><pre>${htmlEscape(JSON.stringify(op.requestBody, null, 2))}</pre></details>`
        : "";
      return `<section><h3><code>${method.toUpperCase()} /api${htmlEscape(path)}</code></h3><p>${htmlEscape(op.summary)}. ${htmlEscape(op.description)}</p>${body}<details><summary>Responses</summary><pre>${htmlEscape(JSON.stringify(op.responses, null, 2))}</pre></details></section>`;
    }),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${htmlEscape(doc.info.title)}</title>
<style>body{font:15px system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{background:#f5f5f5;padding:.5rem;overflow:auto}section{border-top:1px solid #ddd;padding:.5rem 0}</style></head>
<body><h1>${htmlEscape(doc.info.title)} ${htmlEscape(doc.info.version)}</h1><p>${htmlEscape(doc.info.description)}</p>
<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI ${doc.openapi}).</p>
${sections.join("\n")}
</body></html>
`;
}

/** The two documentation routes (registered under /api). */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const doc = openApiDocument(app.deps.env.PUBLIC_URL);
  app.get("/openapi.json", async () => doc);
  app.get("/docs", async (_request, reply) => {
    reply.type("text/html; charset=utf-8");
    return docsPage(doc);
  });
}
