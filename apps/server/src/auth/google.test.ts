import { describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import { AuthEnvSchema } from "./env";
import { GOOGLE_MESSAGES, googleConfigFromEnv, identityOf } from "./google";

describe("identityOf", () => {
  it("reads a verified e-mail and the name", () => {
    expect(identityOf({ email: " a@example.com ", email_verified: true, name: "Ada" })).toEqual({
      email: "a@example.com",
      name: "Ada",
    });
  });

  it("builds the name from given and family names when `name` is missing", () => {
    expect(
      identityOf({
        email: "a@example.com",
        email_verified: "true",
        given_name: "Ada",
        family_name: "King",
      }),
    ).toEqual({ email: "a@example.com", name: "Ada King" });
    expect(identityOf({ email: "a@example.com", email_verified: true })).toEqual({
      email: "a@example.com",
      name: "",
    });
  });

  it("refuses a missing or unverified e-mail", () => {
    const message = (claims: Record<string, unknown>) => {
      try {
        identityOf(claims);
        return "accepted";
      } catch (error) {
        return error instanceof HttpError ? `${error.status} ${error.message}` : String(error);
      }
    };
    expect(message({ email_verified: true })).toBe(`400 ${GOOGLE_MESSAGES.noEmail}`);
    expect(message({ email: "a@example.com", email_verified: false })).toBe(
      `400 ${GOOGLE_MESSAGES.unverified}`,
    );
    expect(message({ email: "a@example.com" })).toBe(`400 ${GOOGLE_MESSAGES.unverified}`);
  });
});

describe("googleConfigFromEnv", () => {
  const base = {
    OIDC_ISSUER: "https://accounts.google.com",
    PUBLIC_URL: "https://app.example.com",
  };

  it("is off without a client id and secret", () => {
    expect(googleConfigFromEnv(base)).toBeNull();
    expect(googleConfigFromEnv({ ...base, GOOGLE_CLIENT_ID: "id" })).toBeNull();
  });

  it("redirects to the web app's root, where the wrapper handles ?code&state", () => {
    expect(
      googleConfigFromEnv({ ...base, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }),
    ).toEqual({
      issuer: "https://accounts.google.com",
      clientId: "id",
      clientSecret: "s",
      redirectUri: "https://app.example.com/",
    });
  });
});

describe("AuthEnvSchema", () => {
  it("treats empty values as unset and applies the defaults", () => {
    const env = AuthEnvSchema.parse({
      OIDC_ISSUER: "",
      SMTP_PORT: "",
      SMTP_SECURE: "",
      GOOGLE_CLIENT_ID: " ",
      AUTH_RATE_LIMIT_PER_EMAIL: "",
    });
    expect(env).toMatchObject({
      OIDC_ISSUER: "https://accounts.google.com",
      SMTP_PORT: 587,
      SMTP_SECURE: undefined,
      GOOGLE_CLIENT_ID: undefined,
      AUTH_RATE_LIMIT_PER_EMAIL: 5,
      AUTH_RATE_LIMIT_PER_IP: 20,
      AUTH_VERIFY_LIMIT_PER_IP: 30,
      AUTH_RATE_LIMIT_WINDOW_MINUTES: 15,
    });
  });

  it("rejects malformed values with readable messages", () => {
    const result = AuthEnvSchema.safeParse({
      OIDC_ISSUER: "accounts",
      AUTH_RATE_LIMIT_PER_IP: "0",
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(messages[0]).toBe(
      "OIDC_ISSUER: OIDC_ISSUER must be an absolute URL such as https://accounts.google.com",
    );
    expect(messages[1]).toMatch(/^AUTH_RATE_LIMIT_PER_IP: /);
  });
});
