import { describe, expect, it } from "vitest";
import { redactUrl } from "./logger";

describe("redactUrl", () => {
  it("hides session tokens, magic links and OAuth secrets", () => {
    expect(redactUrl("/api/auto-tune/optimize/ws?token=abc")).toBe(
      "/api/auto-tune/optimize/ws?token=%5Bredacted%5D",
    );
    expect(redactUrl("/api/auth/auth-link/callback?token=secret&x=1")).toBe(
      "/api/auth/auth-link/callback?token=%5Bredacted%5D&x=1",
    );
    expect(redactUrl("/?code=c&state=s")).toBe("/?code=%5Bredacted%5D&state=%5Bredacted%5D");
  });

  it("leaves other URLs alone", () => {
    expect(redactUrl("/api/datasets")).toBe("/api/datasets");
    expect(redactUrl("/api/auto-tune/optimize/history?mode=single")).toBe(
      "/api/auto-tune/optimize/history?mode=single",
    );
  });
});
