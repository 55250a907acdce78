import {
  type AccountSwitch,
  AccountSwitchRequestSchema,
  AuthLinkCallbackQuerySchema,
  AuthLinkRequestSchema,
  GoogleCallbackRequestSchema,
  type MailSent,
  SigninRequestSchema,
  SignupRequestSchema,
  type User,
  VerifyBodySchema,
  VerifyQuerySchema,
} from "@promptune/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../errors";
import { optionalUser, requireUser, sessionTokenOf } from "../http/auth-guard";
import { hitSharedLimit } from "../http/shared-rate-limit";
import { createMailer } from "../mail/transport";
import { offerAccountSwitch, takeAccountSwitch } from "./account-switch";
import { clearSessionCookie, setSessionCookie } from "./cookies";
import { magicLinkEmail, signInCodeEmail } from "./emails";
import { GOOGLE_MESSAGES, GoogleSignIn, googleConfigFromEnv } from "./google";
import {
  consumeMagicLink,
  consumeSignInCode,
  issueLoginToken,
  LOGIN_TOKEN_TTL_MS,
  type LoginTokenKind,
} from "./login-tokens";
import { assertMailRequestAllowed, RATE_LIMIT_MESSAGES } from "./rate-limit";
import { createSession, deleteSession } from "./sessions";
import { normaliseEmail, type UserRow, upsertUser } from "./users";
import { parseInput } from "./validation";

/** Message when the sign-in e-mail could not be handed to the SMTP server. */
export const MAIL_FAILED = "We could not send the sign-in e-mail. Please try again in a moment.";

const TTL_MINUTES = LOGIN_TOKEN_TTL_MS / 60_000;

/** The user fields every sign-in call and /auth/status return. */
export function userView(user: UserRow): User {
  return { email: user.email, name: user.name, company_name: user.company_name };
}

/**
 * Account routes (spec §7, under /api): session status and sign-out, magic
 * link, e-mail code, and Google (OIDC authorization code with PKCE).
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { env, db } = app.deps;
  const mailer = createMailer(env, app.log);
  app.addHook("onClose", async () => mailer.close());
  const googleConfig = googleConfigFromEnv(env);
  const google = googleConfig ? new GoogleSignIn(googleConfig, app.log) : null;

  /**
   * Per-IP limit on calls that check a secret (code, link, Google callback):
   * one counter per IP shared by these routes and by every process (it lives
   * in the database).
   */
  const verifyLimit = {
    name: "verify",
    max: env.AUTH_VERIFY_LIMIT_PER_IP,
    windowMs: env.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    message: RATE_LIMIT_MESSAGES.verify,
  };
  const limitVerify = {
    preHandler: (request: FastifyRequest) => hitSharedLimit(db, verifyLimit, `ip:${request.ip}`),
  };

  /**
   * Like signIn, for proofs that arrive from outside the app (a magic link
   * anyone can send, a Google callback): in a browser signed in to a
   * different account nothing is switched; the proof becomes a pending
   * switch the user confirms or cancels (login CSRF, ./account-switch.ts).
   * The same account, or no session, signs in as before.
   */
  async function signInOrAskToSwitch(
    request: FastifyRequest,
    reply: FastifyReply,
    identity: { email: string; name?: string | null | undefined },
  ): Promise<{ success: true; data: User | AccountSwitch }> {
    const current = await optionalUser(request);
    const session = sessionTokenOf(request);
    const email = normaliseEmail(identity.email);
    if (!current || !session || normaliseEmail(current.email) === email) {
      return signIn(request, reply, identity);
    }
    const switchToken = await offerAccountSwitch(db, session, {
      email,
      name: identity.name ?? null,
    });
    request.log.info({ userId: current.id }, "sign-in for another account parked for confirmation");
    return {
      success: true,
      data: {
        switch_required: true,
        current_email: current.email,
        email,
        switch_token: switchToken,
      },
    };
  }

  /** Starts a session for a proven e-mail: creates the user on first sign-in, sets the cookie. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    identity: { email: string; name?: string | null | undefined },
  ): Promise<{ success: true; data: User }> {
    const user = await upsertUser(db, { email: identity.email, name: identity.name ?? undefined });
    const previous = sessionTokenOf(request);
    if (previous && request.cookies?.session === previous) await deleteSession(db, previous);
    const { token, expiresAt } = await createSession(db, user.id);
    setSessionCookie(reply, env.PUBLIC_URL, token, expiresAt);
    request.log.info({ userId: user.id }, "signed in");
    return { success: true, data: userView(user) };
  }

  /** Rate-limits, issues and mails a magic link or a code. */
  async function sendSignInMail(
    request: FastifyRequest,
    kind: LoginTokenKind,
    rawEmail: string,
    name?: string,
  ): Promise<{ success: true; data: MailSent }> {
    const email = normaliseEmail(rawEmail);
    await assertMailRequestAllowed(db, env, { email, ip: request.ip });
    const { secret } = await issueLoginToken(db, { kind, email, ip: request.ip, name });
    const message =
      kind === "link"
        ? magicLinkEmail(email, `${env.PUBLIC_URL}/?token=${secret}`, TTL_MINUTES)
        : signInCodeEmail(email, secret, TTL_MINUTES);
    try {
      await mailer.send(message);
    } catch (error) {
      request.log.error({ err: error }, "sign-in e-mail could not be sent");
      throw new HttpError(502, MAIL_FAILED, { cause: error });
    }
    return { success: true, data: { email, expires_in_minutes: TTL_MINUTES } };
  }

  app.get("/auth/status", async (request) => {
    const user = await optionalUser(request);
    return {
      success: true,
      data: user ? { authenticated: true, ...userView(user) } : { authenticated: false },
    };
  });

  app.post("/auth/signout", async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply, env.PUBLIC_URL);
    return { success: true, data: { authenticated: false } };
  });

  app.post("/auth/auth-link/request", async (request) => {
    const { email } = parseInput(AuthLinkRequestSchema, request.body);
    return sendSignInMail(request, "link", email);
  });

  app.get("/auth/auth-link/callback", limitVerify, async (request, reply) => {
    const { token } = parseInput(AuthLinkCallbackQuerySchema, request.query);
    return signInOrAskToSwitch(request, reply, await consumeMagicLink(db, token));
  });

  /** Confirms a pending switch of this session's browser to the other account. */
  app.post("/auth/switch-account", async (request, reply) => {
    const { switch_token } = parseInput(AccountSwitchRequestSchema, request.body);
    const identity = await takeAccountSwitch(db, sessionTokenOf(request), switch_token);
    return signIn(request, reply, identity);
  });

  /** Drops a pending switch: the browser stays signed in as it is. */
  app.post("/auth/switch-account/cancel", async (request) => {
    const user = await requireUser(request);
    const { switch_token } = parseInput(AccountSwitchRequestSchema, request.body);
    await takeAccountSwitch(db, sessionTokenOf(request), switch_token);
    return { success: true, data: userView(user) };
  });

  app.post("/auth/signup", async (request) => {
    const { email, name } = parseInput(SignupRequestSchema, request.body);
    return sendSignInMail(request, "code", email, name);
  });

  app.post("/auth/signin", async (request) => {
    const { email } = parseInput(SigninRequestSchema, request.body);
    return sendSignInMail(request, "code", email);
  });

  app.post("/auth/verify", limitVerify, async (request, reply) => {
    const { code } = parseInput(VerifyQuerySchema, request.query);
    const { email } = parseInput(VerifyBodySchema, request.body);
    return signIn(request, reply, await consumeSignInCode(db, code, email));
  });

  // Which external sign-in the page may offer: no 'Continue with Google' without it.
  app.get("/auth/providers", async () => ({ success: true, data: { google: google !== null } }));

  app.get("/auth/google/url", async () => {
    if (!google) throw new HttpError(503, GOOGLE_MESSAGES.notConfigured);
    return { success: true, data: { auth_url: await google.authorizationUrl() } };
  });

  app.post("/auth/google/callback", limitVerify, async (request, reply) => {
    if (!google) throw new HttpError(503, GOOGLE_MESSAGES.notConfigured);
    const { code, code_verifier } = parseInput(GoogleCallbackRequestSchema, request.body);
    return signInOrAskToSwitch(request, reply, await google.exchange(code, code_verifier));
  });
}
