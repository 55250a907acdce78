/**
 * The JSON object in a model's structured answer. A model that lacks
 * structured-output support, or ignores it, often writes the object inside a
 * ```json fence or after a sentence ("Here is the verdict: {…}"). A strict
 * parse would fail, and the retry would pay for the same answer again.
 */
export function jsonTextOf(text: string): string {
  const t = text.trim();
  if (isJson(t)) return t;
  const start = t.indexOf("{");
  const end = t.lastIndexOf("}");
  return start >= 0 && end > start ? t.slice(start, end + 1) : t;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
