import { RUN_FAILURE, SingleAgentServerMessageSchema } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { STUCK_RUN_MESSAGE } from "../maintenance/sweeper";
import { runErrorFrame } from "./error-frames";

describe("run error frames", () => {
  it("send a stored failure as the plain sentence with its reason as detail and the request id", () => {
    const frame = runErrorFrame(
      'Optimization failed: The LLM provider failed for "m" (HTTP 500) after 9 attempts.',
      "req-9",
    );
    expect(frame).toEqual({
      type: "error",
      error: RUN_FAILURE.plain,
      detail: 'The LLM provider failed for "m" (HTTP 500) after 9 attempts.',
      request_id: "req-9",
    });
    expect(SingleAgentServerMessageSchema.parse(frame)).toEqual(frame);
    expect(runErrorFrame(STUCK_RUN_MESSAGE)).toEqual({
      type: "error",
      error: RUN_FAILURE.plain,
      detail: "the server lost track of it (a database error). Please start it again.",
    });
  });

  it("send refusals and cancellations as they are, without detail", () => {
    expect(runErrorFrame("Optimization was cancelled.")).toEqual({
      type: "error",
      error: "Optimization was cancelled.",
    });
    expect(runErrorFrame("Could not start the optimization. Please try again.", "req-1")).toEqual({
      type: "error",
      error: "Could not start the optimization. Please try again.",
      request_id: "req-1",
    });
    expect(runErrorFrame("Optimization failed.")).toEqual({
      type: "error",
      error: "Optimization failed.",
    });
    expect(runErrorFrame("Optimization failed:   ")).toEqual({
      type: "error",
      error: "Optimization failed:   ",
    });
  });
});
