/**
 * Reply formatting for Telegram. Replies are sent as plain text (no
 * parse_mode), so nothing a model writes can break Telegram's entity parser
 * or inject markup; long replies are split at Telegram's 4096-character limit
 * on paragraph, line or word boundaries.
 */

/** Longest text one sendMessage accepts. */
export const TELEGRAM_MAX_MESSAGE = 4096;

/** Index to cut at within `text[0, max)`: the latest good boundary in the second half, else `max`. */
function cutIndex(text: string, max: number): number {
  const window = text.slice(0, max);
  for (const sep of ["\n\n", "\n", " "]) {
    const at = window.lastIndexOf(sep);
    if (at >= max / 2) return at;
  }
  // Never split a surrogate pair (an emoji) in two.
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/** Splits a reply into non-empty chunks of at most `max` characters each. */
export function splitMessage(text: string, max = TELEGRAM_MAX_MESSAGE): string[] {
  const chunks: string[] = [];
  let rest = text.replace(/\r\n/g, "\n").trim();
  while (rest.length > max) {
    const at = cutIndex(rest, max);
    const chunk = rest.slice(0, at).trimEnd();
    if (chunk) chunks.push(chunk);
    rest = rest.slice(at).trimStart();
  }
  if (rest) chunks.push(rest);
  return chunks;
}
