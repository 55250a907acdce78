import type { DialogEntry, SingleAgentConfig } from "@promptune/contracts";
import { chatMessages } from "../../autotune/chat";
import { BudgetSpentError } from "../../budgets/errors";
import type { VersionStore } from "../../deploys/versions";
import type { RatingStore } from "../../feedback/ratings";
import type { LlmGateway } from "../../llm";
import type { IntegrationRepository } from "../repository";
import { looksLikeCode, type VerificationRepository } from "../verification";
import { askToConfirm, type Button } from "./confirm";
import { splitMessage } from "./format";
import type { ChatHistoryStore } from "./history";
import { BOT_TEXT, type BotKind, greeting } from "./messages";
import { ratingButtons } from "./rating";

/** An incoming Telegram message, reduced to what the bots use. */
export interface IncomingMessage {
  bot: BotKind;
  chatId: string;
  chatType: string;
  /** Sender's username without '@', if they have one. */
  username: string | undefined;
  /** Sender's Telegram user id (stable, unlike the username). */
  senderId: number | undefined;
  firstName: string | undefined;
  /** Text of the message; undefined for stickers, photos and the like. */
  text: string | undefined;
}

/** How a conversation answers: send text, ask with inline buttons, show "typing…". */
export interface Replier {
  send(text: string): Promise<void>;
  /** Sends text with inline buttons, one per row. */
  ask(text: string, buttons: Button[]): Promise<void>;
  /** Sends text with inline buttons side by side (the rating buttons). */
  offer(text: string, buttons: Button[]): Promise<void>;
  typing(): Promise<void>;
}

/** What a conversation needs. */
export interface ConversationDeps {
  integrations: IntegrationRepository;
  verification: VerificationRepository;
  history: ChatHistoryStore;
  ratings: RatingStore;
  versions: VersionStore;
  llm: LlmGateway;
  log: { warn(obj: object, msg?: string): void; debug(obj: object, msg?: string): void };
}

/** Telegram's "typing…" lasts about 5 s; repeat it while the model thinks. */
const TYPING_REPEAT_MS = 4_500;

/** The command of a message ("/start@my_bot hi" → "start"), or null for plain text. */
export function commandOf(text: string): string | null {
  const match = /^\/([A-Za-z0-9_]+)(?:@[A-Za-z0-9_]+)?(?:\s|$)/.exec(text.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

/** The argument of a command ("/start abc" → "abc"), or "" when there is none. */
export function commandArgument(text: string): string {
  return /^\/\S+\s+(\S+)/.exec(text.trim())?.[1] ?? "";
}

/** The model the bot calls: the configured one if the gateway offers it, else the gateway's default. */
function modelFor(llm: LlmGateway, config: SingleAgentConfig): string {
  return llm.listModels().includes(config.model_name) ? config.model_name : llm.defaultModel;
}

/** Sends a (possibly long) reply in Telegram-sized pieces; the last one carries `buttons`. */
async function sendAll(out: Replier, text: string, buttons: Button[]): Promise<void> {
  const chunks = splitMessage(text);
  for (const [i, chunk] of chunks.entries()) {
    if (i === chunks.length - 1) await out.offer(chunk, buttons);
    else await out.send(chunk);
  }
}

/**
 * Answers one message. `/start <code>` asks the sender to confirm, with a
 * button, that they own the Promptune account the code belongs to (see
 * confirm.ts and ../verification.ts). Otherwise
 * only the verified owner or a friend of a verified integration
 * (case-insensitive username) is answered, with the bot's configuration read
 * fresh from the database (so a saved change applies to the next message),
 * the same framing as the single-agent chat, and the chat's bounded history;
 * the after-bot answers with the active deployed version, which the reply's
 * rating row names.
 * Each reply is stored for rating and carries 👍/👎 buttons (rating.ts); after
 * "Correct it" the next plain message is saved as the correction instead.
 */
export async function handleMessage(
  deps: ConversationDeps,
  msg: IncomingMessage,
  out: Replier,
): Promise<void> {
  if (msg.chatType !== "private") return out.send(BOT_TEXT.privateOnly);
  if (!msg.username || msg.senderId === undefined) return out.send(BOT_TEXT.noUsername);
  const argument = msg.text ? commandArgument(msg.text) : "";
  if (msg.text && commandOf(msg.text) === "start" && looksLikeCode(argument)) {
    const sender = { id: msg.senderId, username: msg.username };
    return askToConfirm(deps.verification, argument, sender, out);
  }
  const match = await deps.integrations.findForSender(msg.username, msg.senderId);
  if (!match) return out.send(BOT_TEXT.refusal);
  const { integration } = match;
  // The after-bot serves the active deployed version (../../deploys), or a live split's baseline
  // to the people outside the active version's share; before any deploy, opti_config.
  const served =
    msg.bot === "after" ? await deps.versions.served(integration.userId, msg.senderId) : undefined;
  const config =
    msg.bot === "before" ? integration.init_config : (served?.config ?? integration.opti_config);
  if (msg.text === undefined) return out.send(BOT_TEXT.textOnly);

  const command = commandOf(msg.text);
  if (command === "start" || command === "help") {
    return out.send(
      greeting(msg.bot, msg.firstName ?? `@${msg.username}`, integration.username, config),
    );
  }
  if (command === "reset") {
    await deps.history.clear(msg.bot, msg.chatId);
    return out.send(BOT_TEXT.reset);
  }
  if (command !== null) return out.send(BOT_TEXT.unknownCommand);
  if (await deps.ratings.takeCorrection(msg.bot, msg.chatId, integration.userId, msg.text)) {
    return out.send(BOT_TEXT.rating.correctionSaved);
  }
  if (!config.prompt.trim()) return out.send(BOT_TEXT.notReady[msg.bot]);

  const dialog = await deps.history.load(msg.bot, msg.chatId, integration.userId);
  const question: DialogEntry = { type: "human", content: msg.text };
  await out.typing().catch(() => undefined);
  const typing = setInterval(() => void out.typing().catch(() => undefined), TYPING_REPEAT_MS);
  let reply: string;
  const model = modelFor(deps.llm, config);
  try {
    // Bot replies are charged to the integration's owner.
    const result = await deps.llm.forUser(integration.userId).complete({
      model,
      messages: chatMessages(config.prompt, [...dialog, question]),
      temperature: config.temperature,
      purpose: "assistant",
      priority: "interactive",
    });
    reply = result.text.trim();
  } catch (error) {
    if (error instanceof BudgetSpentError) return out.send(BOT_TEXT.budgetSpent);
    deps.log.warn({ err: error, bot: msg.bot }, "telegram bot could not get a model reply");
    return out.send(BOT_TEXT.providerError);
  } finally {
    clearInterval(typing);
  }
  if (!reply) return out.send(BOT_TEXT.emptyReply);
  await deps.history.append(msg.bot, msg.chatId, integration.userId, [
    question,
    { type: "ai", content: reply },
  ]);
  const ratingId = await deps.ratings.recordBotReply({
    ownerUserId: integration.userId,
    side: msg.bot,
    chatId: msg.chatId,
    dialog: [...dialog, question],
    reply,
    prompt: config.prompt,
    model,
    temperature: config.temperature,
    versionId: served?.id ?? null,
  });
  await sendAll(out, reply, ratingButtons(ratingId));
}
