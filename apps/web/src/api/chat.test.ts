import { INTERMEDIATE_HEADER } from "@promptune/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  agentDisplayName,
  CHAT_ERROR_TEXT,
  type ChatMessage,
  multiAgentBotReply,
  NO_REPLY_TEXT,
  readChatReply,
  readMultiAgentReply,
  singleAgentBotReply,
  toDialog,
} from "./chat";
import * as contracts from "./contract-schemas";

/** Replaces the network boundary: every fetch answers with `status` and `body`, and is recorded. */
function serve(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = (text: string): ChatMessage => ({ id: text, text, sender: "user" });
const team = {
  "master-agent": { name: "Boss", prompt: "Lead.", model_name: "m", temperature: 0.2 },
  "worker-agents": [
    { name: "Expert", prompt: "Know.", model_name: "m", temperature: 0.1 },
    { name: "Writer", prompt: "Write.", model_name: "m", temperature: 0.9 },
  ],
};

describe("reading chat replies", () => {
  it("reads data.reply, then data.response, then 'Error getting response'", () => {
    expect(readChatReply({ reply: "hi" }, contracts)).toBe("hi");
    expect(readChatReply({ response: "yo" }, contracts)).toBe("yo");
    expect(readChatReply({ reply: "", response: "later" }, contracts)).toBe("later");
    expect(readChatReply({ reply: 42, response: "typed" }, contracts)).toBe("typed");
    expect(readChatReply({ reply: "", response: "" }, contracts)).toBe(NO_REPLY_TEXT);
    expect(readChatReply({ reply: ["x"] }, contracts)).toBe(NO_REPLY_TEXT);
    expect(readChatReply(null, contracts)).toBe("Error getting response");
    expect(readChatReply("text", contracts)).toBe(NO_REPLY_TEXT);
  });

  it("reads what the server builds with the contract's schema", () => {
    const built = contracts.ChatResponseSchema.parse({ reply: "Built **reply**" });
    expect(readChatReply(built, contracts)).toBe("Built **reply**");
    const team = contracts.MultiAgentChatResponseSchema.parse({
      reply: {
        output: { content: "Composed" },
        intermediate_messages: [{ name: "worker1", content: "part" }],
      },
    });
    expect(readMultiAgentReply(team, ["Expert"], contracts)).toEqual({
      text: "Composed",
      intermediateMessages: [{ name: "Expert", content: "part" }],
    });
  });

  it("reads multi-agent output and names intermediate senders", () => {
    const r = readMultiAgentReply(
      {
        reply: {
          output: { content: "final" },
          intermediate_messages: [
            { name: "master", content: "plan" },
            { name: "worker2", content: "w2" },
            { name: "worker-1", content: "w1" },
            { name: "worker7", content: "?" },
            { name: 3, content: "bad" },
          ],
        },
      },
      ["Expert", "Writer"],
      contracts,
    );
    expect(r.text).toBe("final");
    expect(r.intermediateMessages).toEqual([
      { name: "Coordinator", content: "plan" },
      { name: "Writer", content: "w2" },
      { name: "Expert", content: "w1" },
      { name: "worker7", content: "?" },
    ]);
  });

  it("reads the content of a multi-agent answer without (valid) intermediate messages", () => {
    expect(readMultiAgentReply({ reply: { output: { content: "only" } } }, [], contracts)).toEqual({
      text: "only",
      intermediateMessages: [],
    });
    expect(
      readMultiAgentReply(
        { reply: { output: { content: "odd" }, intermediate_messages: "none" } },
        [],
        contracts,
      ),
    ).toEqual({ text: "odd", intermediateMessages: [] });
  });

  it("falls back to data.reply, data.response, then 'Error getting response' for multi-agent", () => {
    expect(readMultiAgentReply({ reply: "plain" }, [], contracts).text).toBe("plain");
    expect(
      readMultiAgentReply({ reply: { output: {} }, response: "resp" }, [], contracts).text,
    ).toBe("resp");
    expect(
      readMultiAgentReply({ reply: { output: { content: 7 } }, response: "r" }, [], contracts).text,
    ).toBe("r");
    expect(readMultiAgentReply({}, [], contracts)).toEqual({
      text: NO_REPLY_TEXT,
      intermediateMessages: [],
    });
    expect(readMultiAgentReply(null, [], contracts).text).toBe(NO_REPLY_TEXT);
    expect(agentDisplayName("Critic", ["Expert"])).toBe("Critic");
  });
});

describe("dialog sent to the server", () => {
  it("maps senders and appends intermediate messages under the header, skipping error messages", () => {
    const dialog = toDialog([
      user("q1"),
      {
        id: "b1",
        text: "a1",
        sender: "bot",
        intermediateMessages: [
          { name: "Coordinator", content: "plan" },
          { name: "Expert", content: "facts" },
        ],
      },
      user("q2"),
      { id: "e", text: CHAT_ERROR_TEXT, sender: "bot", error: true },
      user("q3"),
    ]);
    expect(dialog).toEqual([
      { type: "human", content: "q1" },
      {
        type: "ai",
        content: `a1\n\n${INTERMEDIATE_HEADER}\n[Coordinator]: plan\n\n[Expert]: facts`,
      },
      { type: "human", content: "q2" },
      { type: "human", content: "q3" },
    ]);
  });
});

describe("chat calls", () => {
  it("posts the single-agent chat with credentials and returns the bot reply", async () => {
    const fetchMock = serve(200, { success: true, data: { reply: "Hello there" } });
    const msg = await singleAgentBotReply(
      { prompt: "Be nice.", temperature: 0.7, model_name: "m" },
      [user("Hi")],
    );
    expect(msg).toMatchObject({ text: "Hello there", sender: "bot" });
    expect(msg.error).toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auto-tune/chat");
    expect(init?.credentials).toBe("include");
    expect(JSON.parse(String(init?.body))).toEqual({
      prompt: "Be nice.",
      temperature: 0.7,
      model_name: "m",
      dialog: [{ type: "human", content: "Hi" }],
    });
  });

  it("turns server errors, network errors and bad bodies into the error bot message", async () => {
    serve(502, { success: false, error: { message: "provider down" } });
    expect(await singleAgentBotReply({ prompt: "p", temperature: 1 }, [user("x")])).toMatchObject({
      text: "Sorry, I encountered an error. Please try again.",
      sender: "bot",
      error: true,
    });
    serve(401, { success: false, error: { message: "Authentication required." } });
    expect((await multiAgentBotReply(team, [user("x")])).text).toBe(CHAT_ERROR_TEXT);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect((await singleAgentBotReply({ prompt: "p", temperature: 1 }, [user("x")])).text).toBe(
      CHAT_ERROR_TEXT,
    );
  });

  it("shows 'Error getting response' when a successful answer has no reply", async () => {
    serve(200, { success: true, data: {} });
    expect((await singleAgentBotReply({ prompt: "p", temperature: 1 }, [user("x")])).text).toBe(
      NO_REPLY_TEXT,
    );
  });

  it("posts the multi-agent chat and names intermediate messages after the workers", async () => {
    const fetchMock = serve(200, {
      success: true,
      data: {
        reply: {
          output: { content: "Done." },
          intermediate_messages: [
            { name: "master", content: "plan" },
            { name: "worker2", content: "short" },
          ],
        },
      },
    });
    const msg = await multiAgentBotReply(team, [user("Go")]);
    expect(msg).toMatchObject({
      text: "Done.",
      sender: "bot",
      intermediateMessages: [
        { name: "Coordinator", content: "plan" },
        { name: "Writer", content: "short" },
      ],
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auto-tune/multiagent/chat");
    expect(JSON.parse(String(init?.body))).toEqual({
      model: team,
      dialog: [{ type: "human", content: "Go" }],
    });
  });

  it("lets a caller's abort through instead of showing an error message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Promise.reject(new DOMException("The operation was aborted.", "AbortError")),
      ),
    );
    await expect(singleAgentBotReply({ prompt: "p", temperature: 1 }, [user("x")])).rejects.toThrow(
      /aborted/,
    );
  });
});
