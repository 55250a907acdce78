import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "../test/fake-websocket";
import {
  connectWithRetry,
  mapSocketError,
  retryDelay,
  type WebSocketConstructor,
} from "./socket-connect";

const texts = { timeout: "timed out", failed: "failed" };
const Impl = FakeWebSocket as unknown as WebSocketConstructor;

describe("socket connection rules", () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("maps failures mentioning 401, 403 and 404, else the mode's default", () => {
    expect(mapSocketError("Unexpected response code: 401", "x")).toBe(
      "Authentication failed. Please log in and try again.",
    );
    expect(mapSocketError("403 Forbidden", "x")).toBe(
      "Access denied. Please check your permissions.",
    );
    expect(mapSocketError("error 404", "x")).toBe(
      "WebSocket endpoint not found. Please contact support.",
    );
    expect(mapSocketError("", "default text")).toBe("default text");
  });

  it("waits 1 s, then 2 s, doubling up to 5 s", () => {
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it("makes three attempts with 1 s and 2 s waits and raises the last failure", async () => {
    const result = connectWithRetry({ url: "ws://x", texts, WebSocketImpl: Impl }).catch(
      (e: Error) => e,
    );
    FakeWebSocket.last().fail();
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last().fail();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.last().fail("Unexpected server response: 403");
    const error = await result;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("Access denied. Please check your permissions.");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it("times out an attempt after 10 s with the timeout text", async () => {
    const result = connectWithRetry({
      url: "ws://x",
      texts,
      WebSocketImpl: Impl,
      maxAttempts: 1,
    }).catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(FakeWebSocket.last().closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(((await result) as Error).message).toBe("timed out");
    expect(FakeWebSocket.last().closedWith).not.toBeNull();
  });

  it("resolves with the socket once a later attempt opens", async () => {
    const result = connectWithRetry({ url: "ws://x", texts, WebSocketImpl: Impl });
    FakeWebSocket.last().fail();
    await vi.advanceTimersByTimeAsync(1000);
    FakeWebSocket.last().open();
    await expect(result).resolves.toBe(FakeWebSocket.instances[1]);
  });
});
