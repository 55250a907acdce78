import { type Integration, MAX_FRIENDS, SingleAgentConfigSchema } from "@promptune/contracts";
import { z } from "zod";
import { badRequest } from "../errors";
import { isValidUsername, normaliseFriends, withAt } from "./normalise";

/** Texts of the save rules (spec §5 "Integration save"). */
export const INTEGRATION_ERRORS = {
  username: "Please enter a valid username",
  initialPrompt: "Please enter an initial prompt",
  tooManyFriends: `At most ${MAX_FRIENDS} friends are allowed`,
} as const;

const SaveBodySchema = z.object({
  username: z.string().optional(),
  friends_usernames: z.union([z.array(z.string()).max(10 * MAX_FRIENDS), z.string()]).optional(),
  init_config: z.unknown().optional(),
  opti_config: z.unknown().optional(),
});

/** Parses one configuration, naming which one is wrong. */
function parseConfig(value: unknown, label: string) {
  const parsed = SingleAgentConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const detail =
    issue?.code === "invalid_type" && issue.path.length === 0 ? "is required" : issue?.message;
  throw badRequest(`${label}: ${detail ?? "is invalid"}`);
}

/**
 * Validates and normalises a POST /telegram/integration body: username
 * required and not just '@' (a leading '@' added), friends split, trimmed,
 * '@'-prefixed, de-duplicated case-insensitively and at most MAX_FRIENDS,
 * initial prompt not blank, both configurations well-formed.
 */
export function parseIntegration(body: unknown): Integration {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("Please send the integration as a JSON object.");
  }
  const parsed = SaveBodySchema.safeParse(body);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    throw badRequest(
      field === "username"
        ? INTEGRATION_ERRORS.username
        : "friends_usernames must be a list of usernames",
    );
  }
  const username = withAt(parsed.data.username ?? "");
  if (!username || username === "@" || !isValidUsername(username))
    throw badRequest(INTEGRATION_ERRORS.username);
  const rawFriends = parsed.data.friends_usernames ?? [];
  const friends = normaliseFriends(
    typeof rawFriends === "string" ? [rawFriends] : rawFriends,
    username,
  );
  const invalid = friends.find((f) => !isValidUsername(f));
  if (invalid) throw badRequest(`"${invalid}" is not a valid Telegram username`);
  if (friends.length > MAX_FRIENDS) throw badRequest(INTEGRATION_ERRORS.tooManyFriends);
  const initPrompt = (parsed.data.init_config as { prompt?: unknown } | undefined)?.prompt;
  if (typeof initPrompt !== "string" || !initPrompt.trim())
    throw badRequest(INTEGRATION_ERRORS.initialPrompt);
  return {
    username,
    friends_usernames: friends,
    init_config: parseConfig(parsed.data.init_config, "Initial configuration"),
    opti_config: parseConfig(parsed.data.opti_config, "Optimized configuration"),
  };
}
