/**
 * The fixture LLM's injected faults as a client meets them: HTTP errors, 200s
 * without choices or content, prose-wrapped JSON, cut or broken bodies, reset
 * connections and requests that never end (docs/fixture-llm.md).
 */
import type { ServerResponse } from "node:http";
import type { FixtureFault } from "./faults";
import { json } from "./http";
import { errorBody } from "./protocol";

/**
 * Answers with a fault. `fullBody` is the answer the request would have
 * had (for truncated / invalid JSON), `body` its object (for the 200s
 * whose choices or content are missing); `hang` holds the request open
 * until the client or the server gives up (the `timeout` fault).
 */
export async function sendFault(
  res: ServerResponse,
  fault: FixtureFault,
  fullBody: string,
  body: Record<string, unknown>,
  hang: () => Promise<unknown>,
): Promise<void> {
  if ((fault.status === "empty_choices" || fault.status === "no_content") && "data" in body) {
    return json(res, 200, { ...body, data: [] }); // embeddings: a 200 without vectors
  }
  switch (fault.status) {
    case "empty_choices":
      return json(res, 200, { ...body, choices: [] });
    case "no_content": {
      const choices = (body.choices as Record<string, unknown>[] | undefined) ?? [];
      return json(res, 200, {
        ...body,
        choices: choices.map((c) => ({ ...c, message: { role: "assistant", content: null } })),
      });
    }
    case "reset":
      res.socket?.destroy();
      return;
    case "prose_json": {
      const choices = (body.choices as Record<string, unknown>[] | undefined) ?? [];
      return json(res, 200, {
        ...body,
        choices: choices.map((c) => {
          const message = c.message as { content?: string } | undefined;
          const content = `Here is the answer you asked for:\n\n\`\`\`json\n${message?.content ?? ""}\n\`\`\`\n`;
          return { ...c, message: { ...message, content } };
        }),
      });
    }
    case 429:
      res.setHeader("retry-after", String(fault.retryAfter ?? 1));
      return json(
        res,
        429,
        errorBody("Rate limit reached (fixture).", "rate_limit_exceeded", "rate_limit_exceeded"),
      );
    case 500:
      return json(res, 500, errorBody("The server had an error (fixture).", "server_error"));
    case "timeout":
      await hang();
      return;
    case "truncated":
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(fullBody),
      });
      res.write(fullBody.slice(0, Math.floor(fullBody.length / 2)));
      await new Promise((r) => setTimeout(r, 5));
      res.destroy();
      return;
    case "invalid_json": {
      const broken = `${fullBody.slice(0, Math.floor(fullBody.length / 2))}}}`;
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(broken),
      });
      res.end(broken);
      return;
    }
  }
}
