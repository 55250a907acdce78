import { MultiAgentChatResponseSchema } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { chatReply, multiAgentChatReply } from "./replies";

describe("chat reply data", () => {
  it("builds the single-agent reply through ChatResponseSchema", () => {
    expect(chatReply("Hello **there**")).toEqual({ reply: "Hello **there**" });
    const wrong = () => chatReply(undefined as unknown as string);
    expect(wrong).toThrow(/^The chat reply does not match its contract/);
    // A plain Error (a 500 for the caller), not the ZodError the error handler answers with 400.
    expect(wrong).toThrow(expect.objectContaining({ name: "Error" }));
  });

  it("builds the multi-agent reply with only the contract's fields of each message", () => {
    const data = multiAgentChatReply({
      content: "Composed answer",
      intermediate: [
        { name: "master", content: "plan" },
        { name: "worker1", content: "facts", usage: { calls: 1 } } as never,
      ],
    });
    expect(data).toEqual({
      reply: {
        output: { content: "Composed answer" },
        intermediate_messages: [
          { name: "master", content: "plan" },
          { name: "worker1", content: "facts" },
        ],
      },
    });
    expect(MultiAgentChatResponseSchema.parse(data)).toEqual(data);
  });

  it("refuses a turn the contract does not allow", () => {
    expect(() =>
      multiAgentChatReply({
        content: "ok",
        intermediate: [{ name: "worker1", content: null as unknown as string }],
      }),
    ).toThrow(/^The multi-agent chat reply does not match its contract/);
  });
});
