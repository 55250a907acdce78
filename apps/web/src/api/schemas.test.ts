import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../auth/testing";
import { api } from "./client";
import { lazySchema } from "./schemas";

describe("lazySchema", () => {
  afterEach(() => vi.restoreAllMocks());

  it("validates a response with a schema loaded on first use", async () => {
    installFakeApi({
      "GET /api/profile": () =>
        ok({ name: "Ada", company_name: "Lovelace Ltd", ready_to_contact: true }),
    });
    const profile = await api.get("/profile", { schema: lazySchema((c) => c.ProfileSchema) });
    expect(profile).toEqual({ name: "Ada", company_name: "Lovelace Ltd", ready_to_contact: true });
  });

  it("rejects a response the schema refuses", async () => {
    installFakeApi({ "GET /api/auth/status": () => ok({ email: 42 }) });
    await expect(
      api.get("/auth/status", { schema: lazySchema((c) => c.UserSchema) }),
    ).rejects.toThrow();
  });
});
