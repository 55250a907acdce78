import { BotApiError } from "./state";

const TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "span",
  "tg-spoiler",
  "a",
  "code",
  "pre",
  "blockquote",
  "tg-emoji",
]);

/**
 * Checks text sent with parse_mode HTML the way Telegram does (supported tags
 * only, balanced, every '&' an entity) and returns the visible text; throws
 * the Bot API's "can't parse entities" error otherwise.
 */
export function visibleHtmlText(html: string): string {
  const stack: string[] = [];
  let visible = "";
  let i = 0;
  const fail = (why: string) => {
    throw new BotApiError(400, `Bad Request: can't parse entities: ${why} at byte offset ${i}`);
  };
  while (i < html.length) {
    const ch = html[i] as string;
    if (ch === "<") {
      const tag = /^<(\/?)([a-zA-Z-]+)(\s[^<>]*)?>/.exec(html.slice(i));
      if (!tag) fail("Unsupported start tag");
      const [whole, closing, rawName] = tag as RegExpExecArray;
      const name = (rawName as string).toLowerCase();
      if (!TAGS.has(name)) fail(`Unsupported start tag "${name}"`);
      if (closing) {
        if (stack.pop() !== name) fail(`Unmatched end tag "${name}"`);
      } else {
        stack.push(name);
      }
      i += whole.length;
    } else if (ch === "&") {
      const entity = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);/.exec(html.slice(i));
      if (!entity) fail("Unsupported entity");
      const e = (entity as RegExpExecArray)[1] as string;
      visible += ({ lt: "<", gt: ">", amp: "&", quot: '"' } as Record<string, string>)[e] ?? "?";
      i += (entity as RegExpExecArray)[0].length;
    } else if (ch === ">") {
      fail("Unexpected end tag");
    } else {
      visible += ch;
      i++;
    }
  }
  if (stack.length) fail(`Can't find end tag corresponding to start tag "${stack.at(-1)}"`);
  return visible;
}
