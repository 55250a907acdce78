import { APICallError, InvalidResponseDataError, NoObjectGeneratedError } from "ai";
import { describe, expect, it } from "vitest";
import { LlmError } from "./errors";
import {
  AttemptTimeout,
  backoffDelay,
  classify,
  RetriesExhausted,
  retryAfterMs,
  withRetries,
} from "./retry";

const apiError = (
  statusCode: number | undefined,
  headers: Record<string, string> = {},
  message = "boom",
) =>
  new APICallError({
    message,
    url: "http://x",
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
  });

describe("retry policy", () => {
  it("reads Retry-After as ms, seconds (fractions too) or an HTTP date", () => {
    expect(retryAfterMs({ "retry-after-ms": "250" })).toBe(250);
    expect(retryAfterMs({ "retry-after": "2" })).toBe(2000);
    expect(retryAfterMs({ "retry-after": "0.05" })).toBe(50);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }, now)).toBe(3000);
    expect(retryAfterMs({ "retry-after": "soon" })).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  it("classifies provider failures", () => {
    expect(classify(apiError(429, { "retry-after": "1" }))).toMatchObject({
      kind: "rate_limit",
      retryable: true,
      retryAfterMs: 1000,
    });
    expect(classify(apiError(503))).toMatchObject({ kind: "server", retryable: true, status: 503 });
    expect(classify(apiError(408))).toMatchObject({ kind: "server", retryable: true });
    expect(classify(apiError(400))).toMatchObject({ kind: "fatal", retryable: false });
    expect(classify(apiError(401))).toMatchObject({ kind: "fatal", status: 401 });
    expect(classify(apiError(undefined))).toMatchObject({ kind: "network", retryable: true });
    expect(classify(apiError(200, {}, "Invalid JSON response"))).toMatchObject({
      kind: "network",
      retryable: true,
    });
    expect(classify(new AttemptTimeout(10))).toMatchObject({ kind: "timeout", retryable: true });
    expect(classify(new TypeError("fetch failed"))).toMatchObject({
      kind: "network",
      retryable: true,
    });
    const noObject = new NoObjectGeneratedError({
      response: { id: "1", timestamp: new Date(), modelId: "m" },
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } as never,
      finishReason: "stop",
    });
    expect(classify(noObject)).toMatchObject({ kind: "bad_output", retryable: true });
    // HTTP 200 with `"choices": []` (the AI SDK's "Response did not contain any choices.").
    const noChoices = new InvalidResponseDataError({
      data: { choices: [] },
      message: "Response did not contain any choices.",
    });
    expect(classify(noChoices)).toMatchObject({ kind: "bad_output", retryable: true });
    expect(classify(new LlmError("llm_not_configured", "x"))).toMatchObject({
      kind: "fatal",
      retryable: false,
    });
    expect(classify(new Error("weird"))).toMatchObject({ kind: "fatal", retryable: false });
  });

  it("backs off exponentially with ±20 % jitter, or exactly as Retry-After asks (capped)", () => {
    const f = { kind: "server" as const, retryable: true, message: "" };
    expect(backoffDelay(1, f, 100, () => 0.5)).toBe(100);
    expect(backoffDelay(3, f, 100, () => 0.5)).toBe(400);
    expect(backoffDelay(2, f, 100, () => 0)).toBe(160);
    expect(backoffDelay(2, f, 100, () => 0.9999)).toBeCloseTo(240, 1);
    expect(backoffDelay(1, { ...f, retryAfterMs: 1234 }, 100)).toBe(1234);
    expect(backoffDelay(1, { ...f, retryAfterMs: 3_600_000 }, 100)).toBe(60_000);
  });

  it("retries retryable failures up to maxRetries, then reports the last one", async () => {
    let calls = 0;
    const delays: number[] = [];
    const failing = withRetries(
      async () => {
        calls++;
        throw apiError(500);
      },
      { maxRetries: 2, baseDelayMs: 1, onRetry: ({ delayMs }) => delays.push(delayMs) },
    );
    const error = await failing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetriesExhausted);
    expect((error as RetriesExhausted).attempts).toBe(3);
    expect((error as RetriesExhausted).failure.kind).toBe("server");
    expect(calls).toBe(3);
    expect(delays).toHaveLength(2);

    let n = 0;
    const ok = await withRetries(
      async () => {
        n++;
        if (n < 3) throw apiError(429, { "retry-after-ms": "5" });
        return "done";
      },
      { maxRetries: 3, baseDelayMs: 1000 },
    );
    expect(ok).toBe("done");
    expect(n).toBe(3);
  });

  it("does not retry fatal errors and stops at once when the caller aborts", async () => {
    let calls = 0;
    const fatal = await withRetries(
      async () => {
        calls++;
        throw apiError(400);
      },
      { maxRetries: 5, baseDelayMs: 1 },
    ).catch((e: unknown) => e);
    expect((fatal as RetriesExhausted).attempts).toBe(1);
    expect(calls).toBe(1);

    const ctrl = new AbortController();
    let tries = 0;
    const pending = withRetries(
      async () => {
        tries++;
        throw apiError(503);
      },
      { maxRetries: 5, baseDelayMs: 10_000, signal: ctrl.signal },
    );
    await new Promise((r) => setTimeout(r, 10));
    ctrl.abort(new Error("caller left"));
    await expect(pending).rejects.toThrow("caller left");
    expect(tries).toBe(1);
  });
});
