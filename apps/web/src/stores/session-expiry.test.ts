import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../api/client";
import { fail, installFakeApi } from "../auth/testing";
import { useAuthStore } from "./auth";
import { useUiStore } from "./ui";

beforeEach(() => {
  useAuthStore.setState({
    status: "authenticated",
    user: { email: "e@example.com", name: "E", company_name: "" },
  });
  useUiStore.setState({ loginModalOpen: false, loginReason: null });
});
afterEach(() => vi.restoreAllMocks());

describe("an expired session", () => {
  it("signs the user out locally and opens the sign-in modal when any call answers 401", async () => {
    installFakeApi({ "PUT /api/profile": () => fail(401, "Authentication required") });
    await expect(api.put("/profile", { name: "E" })).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState()).toMatchObject({ status: "anonymous", user: null });
    expect(useUiStore.getState()).toMatchObject({
      loginModalOpen: true,
      loginReason: "session-expired",
    });
  });

  it("leaves the session alone for other errors and for the auth endpoints' own 401s", async () => {
    installFakeApi({
      "GET /api/profile": () => fail(403, "Forbidden"),
      "POST /api/auth/signin": () => fail(401, "Wrong code"),
    });
    await expect(api.get("/profile")).rejects.toMatchObject({ status: 403 });
    await expect(api.post("/auth/signin", {})).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().status).toBe("authenticated");
    expect(useUiStore.getState().loginModalOpen).toBe(false);
  });
});
