import { describe, expect, it } from "vitest";
import { pageForPath } from "./router";

describe("pageForPath", () => {
  it("maps every route of spec §2 to its page, with or without a trailing slash", () => {
    expect(pageForPath("/")).toBe(pageForPath("/multi-agent"));
    expect(pageForPath("/home/")).toBe(pageForPath("/home"));
    const pages = [
      "/",
      "/home",
      "/integration",
      "/profile",
      "/auth/auth-link",
      "/auth/auth-link/callback",
    ].map(pageForPath);
    expect(new Set(pages).size).toBe(6);
  });

  it("sends unknown paths to the not-found page", () => {
    expect(pageForPath("/nope")).toBe(pageForPath("/somewhere/else"));
    expect(pageForPath("/nope")).not.toBe(pageForPath("/"));
  });
});
