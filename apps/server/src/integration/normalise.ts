/**
 * Username rules of an integration (spec §5 "Integration save"): a leading '@'
 * is added when missing, friends are split on commas, trimmed, empties
 * dropped; matching is case-insensitive, so duplicates are judged by the
 * lower-cased form.
 */

/** Telegram usernames: letters, digits and underscores (at most 32 of them). */
const USERNAME_BODY = /^[A-Za-z0-9_]{1,32}$/;

/** Adds the leading '@' to a trimmed username ('' stays ''). */
export function withAt(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return "";
  return trimmed.startsWith("@") ? trimmed : `@${trimmed}`;
}

/** The form usernames are compared in: '@' plus the lower-cased name. */
export function usernameKey(name: string): string {
  return withAt(name).toLowerCase();
}

/** True when a '@'-prefixed name is a plausible Telegram username. */
export function isValidUsername(name: string): boolean {
  return name.startsWith("@") && USERNAME_BODY.test(name.slice(1));
}

/**
 * Friends as entered (a list, or one comma-separated string per entry):
 * split on commas, trimmed, '@' added, empties and case-insensitive
 * duplicates dropped (first spelling wins), and the owner left out.
 */
export function normaliseFriends(entries: string[], owner: string): string[] {
  const seen = new Set<string>([usernameKey(owner)]);
  const out: string[] = [];
  for (const entry of entries) {
    for (const part of entry.split(",")) {
      const name = withAt(part);
      if (!name || name === "@") continue;
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(name);
    }
  }
  return out;
}
