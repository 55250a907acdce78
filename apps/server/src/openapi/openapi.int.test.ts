/**
 * The OpenAPI document as a client generator would read it: valid against
 * the OpenAPI 3.1 schema, every documented operation a registered route,
 * real answers matching the documented schemas, and the docs page listing
 * every operation.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes } from "../hardening/registered-routes";
import { createTestApp, type TestApp } from "../testing/app";
import { callApi } from "../testing/http";

/** /api routes the document leaves out on purpose, each with its reason. */
const UNDOCUMENTED: Array<{ route: RegExp; reason: string }> = [
  {
    route: /^POST \/api\/telegram\/webhook\/:bot$/,
    reason: "Telegram's webhook: called by Telegram with the bot's secret, not by API clients",
  },
  {
    route: /^GET \/api\/auto-tune\/optimize\/ws(\/multiagent)?$/,
    reason:
      "WebSocket upgrades (the run socket protocol, docs/api.md), which OpenAPI cannot describe",
  },
];

describe("OpenAPI document", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is a valid OpenAPI 3.1 document of registered routes", async () => {
    const res = await callApi(t.app, "GET", "/api/openapi.json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    const registered = registeredRoutes(t.app);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, object>))
      for (const method of Object.keys(ops)) {
        const route = `${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ":$1")}`;
        expect(registered, route).toContain(route);
      }
    expect(Object.keys(doc.paths)).toContain("/profile/tokens");
  });

  it("documents every registered /api route (webhooks excluded, with their reason)", async () => {
    const doc = (await callApi(t.app, "GET", "/api/openapi.json")).json();
    const documented = new Set(
      Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
        Object.keys(ops).map(
          (method) => `${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ":$1")}`,
        ),
      ),
    );
    const missing = registeredRoutes(t.app).filter(
      (route) =>
        /^[A-Z]+ \/api\//.test(route) &&
        !documented.has(route) &&
        !UNDOCUMENTED.some((u) => u.route.test(route)),
    );
    expect(missing).toEqual([]);
    // every exclusion still names a registered route (no stale entries)
    for (const u of UNDOCUMENTED)
      expect(
        registeredRoutes(t.app).some((r) => u.route.test(r)),
        String(u.route),
      ).toBe(true);
  });

  it("describes what the server really answers", async () => {
    const doc = (await callApi(t.app, "GET", "/api/openapi.json")).json();
    const ajv = new Ajv2020({ strict: false });
    const { cookie } = await t.signIn("openapi@example.com", "Olga");
    await callApi(
      t.app,
      "POST",
      "/api/profile/tokens",
      { name: "docs", scopes: ["read"] },
      { cookie },
    );
    for (const path of [
      "/profile",
      "/profile/tokens",
      "/datasets",
      "/auto-tune/optimize/history",
      "/profile/usage",
      "/auto-tune/defaults",
      "/auth/status",
      "/telegram/integration",
      "/telegram/bots",
    ]) {
      const schema = doc.paths[path].get.responses["200"].content["application/json"].schema;
      const answer = (await callApi(t.app, "GET", `/api${path}`, undefined, { cookie })).json();
      const validate = ajv.compile(schema);
      expect(validate(answer), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const history = doc.paths["/auto-tune/optimize/history"].get;
    expect(history.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["mode", "cursor", "limit"]),
    );
    expect(
      history.responses["200"].content["application/json"].schema.properties.next_cursor,
    ).toBeDefined();
    const bad = (
      await callApi(t.app, "POST", "/api/profile/tokens", { name: "" }, { cookie })
    ).json();
    const errorSchema =
      doc.paths["/profile/tokens"].post.responses["400"].content["application/json"].schema;
    expect(ajv.compile(errorSchema)(bad)).toBe(true);
  });

  it("serves a docs page listing every operation", async () => {
    const res = await callApi(t.app, "GET", "/api/docs");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("<code>POST /api/profile/tokens</code>");
    expect(res.body).toContain("<code>POST /api/auto-tune/optimize/runs</code>");
    expect(res.body).not.toContain("<script");
  });
});
