/**
 * What the bots say. Refusals are identical whether or not any integration
 * exists, and never name an owner, a friend or a prompt.
 */

/** The two bots: "before" answers with init_config, "after" with opti_config. */
export type BotKind = "before" | "after";

/** Both bots, in display order. */
export const BOT_KINDS: readonly BotKind[] = ["before", "after"];

/** Every fixed sentence the bots send. */
export const BOT_TEXT = {
  refusal:
    "Sorry, I can only chat with people who were invited to a Promptune integration. If someone invited you, ask them to add your Telegram username to their friends list.",
  noUsername:
    "Please set a Telegram username first (Settings → Username) so I can check whether you were invited, then send your message again.",
  privateOnly: "I only chat in private messages. Please open a direct chat with me.",
  textOnly: "I can only read text messages. Please send your question as text.",
  reset: "Done. I have forgotten our conversation; send a message to start again.",
  unknownCommand: "I know two commands: /start (what I do) and /reset (forget our conversation).",
  providerError:
    "Sorry, I could not get an answer from the language model right now. Please try again in a moment.",
  busy: "I am still answering your earlier messages. Please wait a moment.",
  budgetSpent:
    "Sorry, this bot has used up its model budget for now. Please try again later (its owner can see the usage on their Promptune profile).",
  emptyReply: "Sorry, I have no answer to that. Could you rephrase it?",
  rating: {
    good: "👍",
    bad: "👎",
    correct: "✏️ Correct it",
    thanksGood: "Thanks! Saved as a good reply.",
    thanksBad: "Thanks! Saved as a bad reply. Tap “Correct it” to say what I should have said.",
    askCorrection:
      "What should I have said? Send it as your next message: I will save it as the correction (and not answer it).",
    correctionSaved: "Thanks! I saved your correction.",
    stale: "This reply can no longer be rated.",
  },
  verification: {
    wrong_account:
      "This verification link was made for another Telegram username. Open it from the Telegram account whose username is saved in the Promptune integration.",
    unknown_code:
      "This verification link is not valid any more (it was used already, declined, or the integration's username changed). Open the link shown on the Promptune integration page again.",
    claimed:
      "This Telegram username is already confirmed as the owner of another Promptune integration. It can be confirmed here only after that integration's owner removes it there.",
    declined:
      "Cancelled: nothing was confirmed, and that link no longer works. If someone else sent it to you, you can ignore them; your own integration page shows a new link.",
  },
  notReady: {
    before:
      "This integration has no initial prompt yet. Its owner can add one on the Promptune integration page.",
    after:
      "The optimized configuration is not ready yet. Its owner can run an optimization in Promptune and load the result into the integration.",
  },
} as const;

/**
 * The first step of `/start <code>`: names the Promptune account (masked
 * e-mail) the link would make this Telegram account the owner of, and asks
 * for an explicit second confirmation.
 */
export function confirmVerificationText(who: string, maskedEmail: string): string {
  return [
    `This link asks to confirm ${who} as the Telegram owner of the Promptune integration of the account ${maskedEmail}.`,
    `Confirm only if ${maskedEmail} is your own Promptune account: its owner decides what I answer you.`,
  ].join("\n\n");
}

/** The two buttons under the confirmation question. */
export function confirmButtons(maskedEmail: string): { yes: string; no: string } {
  return { yes: `Yes, ${maskedEmail} is my account`, no: "No, cancel" };
}

/** Reply to a confirmed verification: this account now owns the named account's integration. */
export function verifiedText(who: string, maskedEmail: string): string {
  return `Verified: ${who} is now confirmed as the owner of the Promptune integration of ${maskedEmail}. Send me a message to chat; /start shows which configuration answers.`;
}

/** /start: who is talking, which configuration answers, and the commands. */
export function greeting(
  bot: BotKind,
  who: string,
  owner: string,
  config: { model_name: string; temperature: number; prompt: string },
): string {
  const which =
    bot === "before" ? "initial (before optimization)" : "optimized (after optimization)";
  const lines = [
    `Hi ${who}! I am the "${bot}" assistant of ${owner}'s Promptune integration.`,
    `I answer with the ${which} configuration: model ${config.model_name}, temperature ${config.temperature.toFixed(2)}.`,
  ];
  if (!config.prompt.trim()) lines.push(BOT_TEXT.notReady[bot]);
  lines.push("Send me a message to chat. /reset makes me forget our conversation.");
  return lines.join("\n");
}
