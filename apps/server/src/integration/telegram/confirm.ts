/**
 * The two-step Telegram verification (issue 21, item 5). `/start <code>`
 * only asks: the bot names the Promptune account (masked e-mail) the link
 * would tie this Telegram account to, under two inline buttons. Only the
 * "Yes" button (a callback query, which Telegram delivers only from a button
 * the bot itself sent) verifies; "No" voids the link.
 */
import type { VerificationRepository } from "../verification";
import { BOT_TEXT, confirmButtons, confirmVerificationText, verifiedText } from "./messages";

/** An inline keyboard button: its label and the callback data it sends. */
export interface Button {
  text: string;
  data: string;
}

/** Callback data prefixes of the two buttons (data is at most 64 bytes; a code is 22). */
const YES = "verify:yes:";
const NO = "verify:no:";

/** How the first step answers: a text, optionally with buttons. */
export interface Asker {
  send(text: string): Promise<void>;
  ask(text: string, buttons: Button[]): Promise<void>;
}

/** The sender of a message or a button press. */
export interface Sender {
  id: number;
  username: string;
}

/** First step of `/start <code>`: asks for confirmation, or says why the link cannot work. */
export async function askToConfirm(
  verification: VerificationRepository,
  code: string,
  sender: Sender,
  out: Asker,
): Promise<void> {
  const preview = await verification.preview(code, sender);
  if (typeof preview === "string") return out.send(BOT_TEXT.verification[preview]);
  const labels = confirmButtons(preview.maskedEmail);
  await out.ask(confirmVerificationText(`@${sender.username}`, preview.maskedEmail), [
    { text: labels.yes, data: `${YES}${code}` },
    { text: labels.no, data: `${NO}${code}` },
  ]);
}

/** True for callback data of the confirmation buttons. */
export function isConfirmationAnswer(data: string | undefined): boolean {
  return Boolean(data && (data.startsWith(YES) || data.startsWith(NO)));
}

/**
 * Second step: the answer of a confirmation button. "Yes" verifies (naming
 * the account in the reply), "No" replaces the code so the link is dead.
 * Returns the text to send back.
 */
export async function answerConfirmation(
  verification: VerificationRepository,
  data: string,
  sender: Sender,
): Promise<string> {
  if (data.startsWith(NO)) {
    await verification.reject(data.slice(NO.length));
    return BOT_TEXT.verification.declined;
  }
  const outcome = await verification.verify(data.slice(YES.length), sender);
  if (typeof outcome === "string") return BOT_TEXT.verification[outcome];
  return verifiedText(`@${sender.username}`, outcome.verified.maskedEmail);
}
