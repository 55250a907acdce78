/**
 * The quality world served as an OpenAI-compatible chat API on 127.0.0.1, so
 * that Promptune reaches it through the production gateway and AxGEPA through
 * its own OpenAI client. Zero latency; every call is counted with its tokens.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { json, readJson } from "../../apps/server/src/testing/fixture-llm/http";
import {
  type ChatCall,
  completionBody,
  parseChatCall,
} from "../../apps/server/src/testing/fixture-llm/protocol";
import { countTokens } from "../../apps/server/src/testing/fixture-llm/text";

/** What a world answers for one call: the content (JSON text for structured calls). */
export type WorldHandler = (call: ChatCall) => string;

/** Calls and tokens the server answered since the last reset. */
export interface WorldCounters {
  calls: number;
  tokens: number;
  byModel: Record<string, number>;
}

export interface WorldServer {
  url: string;
  setHandler(handler: WorldHandler): void;
  counters: WorldCounters;
  reset(): void;
  close(): Promise<void>;
}

/** Starts the world server on a random port. */
export async function startWorldServer(): Promise<WorldServer> {
  let handler: WorldHandler = () => "";
  const counters: WorldCounters = { calls: 0, tokens: 0, byModel: {} };
  let seq = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => json(res, status, body);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      send(404, { error: { message: "not found", type: "not_found" } });
      return;
    }
    readJson(req)
      .then((body) => {
        const call = parseChatCall(body);
        const content = handler(call);
        const promptTokens = call.messages.reduce((n, m) => n + countTokens(m.content), 0);
        const completionTokens = countTokens(content);
        counters.calls++;
        counters.tokens += promptTokens + completionTokens;
        counters.byModel[call.model] = (counters.byModel[call.model] ?? 0) + 1;
        const answer = {
          content,
          finishReason: call.delivery === "tool" ? ("tool_calls" as const) : ("stop" as const),
          promptTokens,
          completionTokens,
          ...(call.delivery === "tool" ? { toolName: call.kind } : {}),
        };
        send(200, completionBody(`w${++seq}`, call, answer));
      })
      .catch((err: unknown) => send(400, { error: { message: String(err), type: "invalid" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    setHandler: (h) => {
      handler = h;
    },
    counters,
    reset: () => {
      counters.calls = 0;
      counters.tokens = 0;
      counters.byModel = {};
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
