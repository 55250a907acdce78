/**
 * Ratings under the bots' replies (issue 25, item 1): each model reply ends
 * with 👍/👎 inline buttons whose callback data names the stored reply
 * (../../feedback/ratings.ts). 👎 turns the buttons into "Correct it"; after
 * that press the chat's next message is saved as the correction instead of
 * being answered. Only the chat's own sender, still the integration's owner
 * or friend, can rate, and only replies of that integration.
 */
import type { RatingSide } from "@promptune/contracts";
import type { RatingStore } from "../../feedback/ratings";
import type { IntegrationRepository } from "../repository";
import type { Button } from "./confirm";
import { BOT_TEXT } from "./messages";

const UP = "rate:up:";
const DOWN = "rate:down:";
const FIX = "rate:fix:";

/** The 👍/👎 buttons under a reply (callback data is at most 64 bytes; an id is 36). */
export function ratingButtons(id: string): Button[] {
  return [
    { text: BOT_TEXT.rating.good, data: `${UP}${id}` },
    { text: BOT_TEXT.rating.bad, data: `${DOWN}${id}` },
  ];
}

/** True for callback data of the rating buttons. */
export function isRatingAnswer(data: string | undefined): data is string {
  return Boolean(data && (data.startsWith(UP) || data.startsWith(DOWN) || data.startsWith(FIX)));
}

/** What the bot does after a rating press. */
export interface RatingOutcome {
  /** Short notice shown by the Telegram app (answerCallbackQuery text). */
  notice: string;
  /** The reply's new buttons ([] removes them); undefined leaves them. */
  buttons?: Button[];
  /** A message to send to the chat. */
  message?: string;
}

/** A rating press: who, in which chat of which bot. */
export interface RatingPress {
  data: string;
  side: RatingSide;
  chatId: string;
  sender: { id: number; username: string | undefined };
}

/** Handles a press on a rating button; checks the rater and the reply before storing anything. */
export async function answerRating(
  deps: { ratings: RatingStore; integrations: IntegrationRepository },
  press: RatingPress,
): Promise<RatingOutcome> {
  const [, action, id] = press.data.split(":");
  const stale: RatingOutcome = { notice: BOT_TEXT.rating.stale, buttons: [] };
  if (!press.sender.username || !id) return stale;
  const [match, reply] = await Promise.all([
    press.sender.username
      ? deps.integrations.findForSender(press.sender.username, press.sender.id)
      : undefined,
    deps.ratings.botReply(id),
  ]);
  if (
    !match ||
    !reply ||
    reply.userId !== match.integration.userId ||
    reply.chatId !== press.chatId ||
    reply.side !== press.side
  ) {
    return stale;
  }
  const rater = { role: match.role, username: press.sender.username, telegramId: press.sender.id };
  if (action === "up") {
    await deps.ratings.rateBotReply(id, "up", rater);
    return { notice: BOT_TEXT.rating.thanksGood, buttons: [] };
  }
  if (action === "down") {
    await deps.ratings.rateBotReply(id, "down", rater);
    return {
      notice: BOT_TEXT.rating.thanksBad,
      buttons: [{ text: BOT_TEXT.rating.correct, data: `${FIX}${id}` }],
    };
  }
  await deps.ratings.awaitCorrection(id, press.side, press.chatId);
  return {
    notice: BOT_TEXT.rating.askCorrection,
    buttons: [],
    message: BOT_TEXT.rating.askCorrection,
  };
}
