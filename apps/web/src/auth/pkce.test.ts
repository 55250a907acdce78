import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  base64url,
  claimCode,
  clearPkce,
  codeChallengeOf,
  PKCE_KEYS,
  prepareAuthorizationUrl,
  verifierForState,
} from "./pkce";

afterEach(() => sessionStorage.clear());

describe("PKCE helpers", () => {
  it("encodes base64url without padding", () => {
    expect(base64url(new Uint8Array([251, 255, 191]))).toBe("-_-_");
    expect(base64url(new Uint8Array([1]))).toBe("AQ");
  });

  it("derives the S256 challenge as base64url(SHA-256(verifier))", async () => {
    const verifier = "a-verifier-of-some-length_0123456789abcdefghij";
    expect(await codeChallengeOf(verifier)).toBe(
      createHash("sha256").update(verifier).digest("base64url"),
    );
  });

  it("stores a 32-byte verifier and a 16-byte state and adds challenge, method and state", async () => {
    const url = new URL(
      await prepareAuthorizationUrl("https://issuer.test/auth?client_id=c&scope=openid"),
    );
    const verifier = sessionStorage.getItem(PKCE_KEYS.verifier) ?? "";
    const state = sessionStorage.getItem(PKCE_KEYS.state) ?? "";
    expect(Buffer.from(verifier, "base64url")).toHaveLength(32);
    expect(Buffer.from(state, "base64url")).toHaveLength(16);
    expect(url.searchParams.get("client_id")).toBe("c");
    expect(url.searchParams.get("code_challenge")).toBe(
      createHash("sha256").update(verifier).digest("base64url"),
    );
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBe(state);
    const again = new URL(await prepareAuthorizationUrl("https://issuer.test/auth"));
    expect(again.searchParams.get("state")).not.toBe(state);
  });

  it("returns the verifier only for the stored state, and nothing after clearing", async () => {
    await prepareAuthorizationUrl("https://issuer.test/auth");
    const state = sessionStorage.getItem(PKCE_KEYS.state) ?? "";
    expect(verifierForState("tampered")).toBeNull();
    expect(verifierForState(state)).toBe(sessionStorage.getItem(PKCE_KEYS.verifier));
    clearPkce();
    expect(verifierForState(state)).toBeNull();
  });

  it("lets each authorization code be processed only once", () => {
    expect(claimCode("code-1")).toBe(true);
    expect(claimCode("code-1")).toBe(false);
    expect(claimCode("code-2")).toBe(true);
  });
});
