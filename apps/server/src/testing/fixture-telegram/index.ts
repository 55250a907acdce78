/**
 * The Telegram Bot API fixture: a real HTTP Bot API server on 127.0.0.1 for
 * tests (grammY's `apiRoot` / TELEGRAM_API_ROOT point at it). See server.ts.
 */
export type { FixtureTelegram } from "./fixture";
export { startFixtureTelegram } from "./server";
export type { ApiCall, SentMessage } from "./state";
