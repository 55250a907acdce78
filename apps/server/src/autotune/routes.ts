/**
 * Auto-tune routes (spec §7): GET /auto-tune/defaults (open to everyone),
 * POST /auto-tune/chat and POST /auto-tune/multiagent/chat (signed-in users,
 * rate-limited per session). Model failures surface as the gateway's typed
 * errors (502/503/504); bad bodies as 400 with the first problem named.
 * Replies are built through the contracts' response schemas (replies.ts).
 */
import {
  ChatRequestSchema,
  type ChatResponse,
  MultiAgentChatRequestSchema,
  type MultiAgentChatResponse,
  type Success,
} from "@promptune/contracts";
import { runMultiAgentTurn } from "@promptune/engine";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { badRequest, tooManyRequests } from "../errors";
import { requireUser, sessionTokenOf } from "../http/auth-guard";
import { chatMessages } from "./chat";
import { buildDefaults } from "./defaults";
import { chatReply, multiAgentChatReply } from "./replies";

/** Aborts when the client goes away before the reply is sent, so no model time is wasted. */
function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort(new Error("client disconnected"));
  });
  return controller.signal;
}

/** The auto-tune feature plugin (registered under /api). */
export async function autotuneRoutes(app: FastifyInstance): Promise<void> {
  const { llm, datasets, env } = app.deps;

  /** Rejects a model the gateway does not expose, naming the ones it does. */
  const assertModel = (model: string, who: string) => {
    const models = llm.listModels();
    if (!models.includes(model)) {
      throw badRequest(`Unknown model "${model}"${who}. Available models: ${models.join(", ")}.`);
    }
  };

  const chatLimit = {
    rateLimit: {
      max: env.LLM_CHAT_RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `chat:${sessionTokenOf(request) ?? request.ip}`,
      errorResponseBuilder: (_request: FastifyRequest, ctx: { ttl: number }) =>
        tooManyRequests(
          "Too many chat messages. Please wait a moment and try again.",
          Math.ceil(ctx.ttl / 1000),
        ),
    },
  };

  app.get("/auto-tune/defaults", async (request) => {
    const names = await datasets.bundledNames().catch((error: unknown) => {
      request.log.error({ err: error }, "bundled datasets could not be read");
      return [];
    });
    return {
      success: true,
      data: buildDefaults({
        models: llm.listModels(),
        defaultModel: llm.defaultModel,
        datasets: names,
      }),
    };
  });

  app.post(
    "/auto-tune/chat",
    { config: chatLimit },
    async (request, reply): Promise<Success<ChatResponse>> => {
      await requireUser(request);
      const body = ChatRequestSchema.parse(request.body);
      const model = body.model_name ?? llm.defaultModel;
      assertModel(model, "");
      const result = await llm.complete({
        model,
        messages: chatMessages(body.prompt, body.dialog),
        temperature: body.temperature,
        purpose: "assistant",
        priority: "interactive",
        signal: disconnectSignal(reply),
      });
      return { success: true, data: chatReply(result.text) };
    },
  );

  app.post(
    "/auto-tune/multiagent/chat",
    { config: chatLimit },
    async (request, reply): Promise<Success<MultiAgentChatResponse>> => {
      await requireUser(request);
      const body = MultiAgentChatRequestSchema.parse(request.body);
      const master = body.model["master-agent"];
      assertModel(master.model_name, ` for the coordinator "${master.name}"`);
      for (const worker of body.model["worker-agents"]) {
        assertModel(worker.model_name, ` for the worker "${worker.name}"`);
      }
      const turn = await runMultiAgentTurn(llm, body.model, body.dialog, {
        priority: "interactive",
        signal: disconnectSignal(reply),
      });
      return { success: true, data: multiAgentChatReply(turn) };
    },
  );
}
