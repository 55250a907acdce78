/**
 * Auto-tune routes (spec §7): GET /auto-tune/defaults (open to everyone),
 * POST /auto-tune/chat and POST /auto-tune/multiagent/chat (signed-in users,
 * rate-limited per user across sessions and processes, input capped:
 * limits.ts; each call charged to the caller's budget, 429
 * `budget_exceeded` when it is spent). Model failures surface as the gateway's typed
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
import type { FastifyInstance, FastifyReply } from "fastify";
import { asBudgetHttpError } from "../budgets/errors";
import { badRequest } from "../errors";
import { requireUser } from "../http/auth-guard";
import { chatMessages } from "./chat";
import { buildDefaults } from "./defaults";
import { assertChatInput, chatInputChars, hitChatLimit, multiAgentChatInputChars } from "./limits";
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
  const { llm, datasets, env, db, budgets } = app.deps;

  /** Rejects a model the gateway does not expose, naming the ones it does. */
  const assertModel = (model: string, who: string) => {
    const models = llm.listModels();
    if (!models.includes(model)) {
      throw badRequest(`Unknown model "${model}"${who}. Available models: ${models.join(", ")}.`);
    }
  };

  /** The signed-in caller, counted against the per-user chat limit. */
  const chatCaller = async (request: Parameters<typeof requireUser>[0]) => {
    const user = await requireUser(request);
    await hitChatLimit(db, user.id, env.LLM_CHAT_RATE_LIMIT_PER_MINUTE);
    return user;
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

  app.post("/auto-tune/chat", async (request, reply): Promise<Success<ChatResponse>> => {
    const user = await chatCaller(request);
    const body = ChatRequestSchema.parse(request.body);
    assertChatInput(chatInputChars(body), env.CHAT_MAX_INPUT_CHARS);
    const model = body.model_name ?? llm.defaultModel;
    assertModel(model, "");
    await budgets.assertCanSpend(user.id);
    const result = await llm
      .forUser(user.id)
      .complete({
        model,
        messages: chatMessages(body.prompt, body.dialog),
        temperature: body.temperature,
        purpose: "assistant",
        priority: "interactive",
        signal: disconnectSignal(reply),
      })
      .catch((error: unknown) => Promise.reject(asBudgetHttpError(error)));
    return { success: true, data: chatReply(result.text) };
  });

  app.post(
    "/auto-tune/multiagent/chat",
    async (request, reply): Promise<Success<MultiAgentChatResponse>> => {
      const user = await chatCaller(request);
      const body = MultiAgentChatRequestSchema.parse(request.body);
      assertChatInput(multiAgentChatInputChars(body), env.CHAT_MAX_INPUT_CHARS);
      const master = body.model["master-agent"];
      assertModel(master.model_name, ` for the coordinator "${master.name}"`);
      for (const worker of body.model["worker-agents"]) {
        assertModel(worker.model_name, ` for the worker "${worker.name}"`);
      }
      await budgets.assertCanSpend(user.id);
      const turn = await runMultiAgentTurn(llm.forUser(user.id), body.model, body.dialog, {
        priority: "interactive",
        signal: disconnectSignal(reply),
      }).catch((error: unknown) => Promise.reject(asBudgetHttpError(error)));
      return { success: true, data: multiAgentChatReply(turn) };
    },
  );
}
