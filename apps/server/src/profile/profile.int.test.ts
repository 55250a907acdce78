import { MAX_COMPANY_CHARS, MAX_NAME_CHARS } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { callApi } from "../testing/http";

describe.each(DIALECTS)("profile on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reads the signed-in user's profile", async () => {
    const { cookie } = await t.signIn("reader@example.com", "Reader");
    const res = await callApi(t.app, "GET", "/api/profile", undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { name: "Reader", company_name: "", ready_to_contact: false },
    });
  });

  it("saves name, company and contact consent, trimmed, and shows them in the status", async () => {
    const { cookie } = await t.signIn("writer@example.com");
    const res = await callApi(
      t.app,
      "PUT",
      "/api/profile",
      { name: "  Grace Writer ", company_name: " Acme ", ready_to_contact: true },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    const data = { name: "Grace Writer", company_name: "Acme", ready_to_contact: true };
    expect(res.json()).toEqual({ success: true, data });
    expect(
      (await callApi(t.app, "GET", "/api/profile", undefined, { cookie })).json().data,
    ).toEqual(data);
    const status = await callApi(t.app, "GET", "/api/auth/status", undefined, { cookie });
    expect(status.json().data).toEqual({
      authenticated: true,
      email: "writer@example.com",
      name: "Grace Writer",
      company_name: "Acme",
    });

    const cleared = await callApi(
      t.app,
      "PUT",
      "/api/profile",
      { name: "Grace", ready_to_contact: false },
      { cookie },
    );
    expect(cleared.json().data).toEqual({
      name: "Grace",
      company_name: "",
      ready_to_contact: false,
    });
    const nulled = await callApi(
      t.app,
      "PUT",
      "/api/profile",
      { name: "Grace", company_name: null },
      { cookie },
    );
    expect(nulled.json().data.company_name).toBe("");
  });

  it("changes only the caller's own profile", async () => {
    const a = await t.signIn("owner-a@example.com", "A");
    const b = await t.signIn("owner-b@example.com", "B");
    await callApi(
      t.app,
      "PUT",
      "/api/profile",
      { name: "A2", company_name: "", ready_to_contact: true },
      a,
    );
    expect((await callApi(t.app, "GET", "/api/profile", undefined, b)).json().data.name).toBe("B");
  });

  it("refuses invalid profiles with clear messages and keeps the stored one", async () => {
    const { cookie } = await t.signIn("strict@example.com", "Strict");
    const cases: Array<[unknown, string]> = [
      [{ name: "", company_name: "", ready_to_contact: false }, "Please enter your name"],
      [{ name: "   ", ready_to_contact: false }, "Please enter your name"],
      [{ company_name: "X" }, "Name must be text"],
      [
        { name: "n".repeat(MAX_NAME_CHARS + 1) },
        `Name must be at most ${MAX_NAME_CHARS} characters`,
      ],
      [
        { name: "Ok", company_name: "c".repeat(MAX_COMPANY_CHARS + 1) },
        `Company name must be at most ${MAX_COMPANY_CHARS} characters`,
      ],
      [{ name: "Ok", company_name: 42 }, "Company name must be text"],
      [{ name: "Ok", ready_to_contact: "yes" }, "ready_to_contact must be true or false"],
      [[1, 2], "Please send the profile as a JSON object."],
    ];
    for (const [body, message] of cases) {
      const res = await callApi(t.app, "PUT", "/api/profile", body, { cookie });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toBe(message);
    }
    const exact = await callApi(
      t.app,
      "PUT",
      "/api/profile",
      { name: "n".repeat(MAX_NAME_CHARS), company_name: "c".repeat(MAX_COMPANY_CHARS) },
      { cookie },
    );
    expect(exact.statusCode).toBe(200);
  });

  it("refuses a profile update from another origin", async () => {
    const { cookie } = await t.signIn("csrf@example.com", "Csrf");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
      payload: JSON.stringify({ name: "Hacked" }),
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await callApi(t.app, "GET", "/api/profile", undefined, { cookie })).json().data.name,
    ).toBe("Csrf");
  });

  it("answers 401 without a session", async () => {
    expect((await callApi(t.app, "GET", "/api/profile")).statusCode).toBe(401);
    expect((await callApi(t.app, "PUT", "/api/profile", { name: "X" })).statusCode).toBe(401);
  });
});
