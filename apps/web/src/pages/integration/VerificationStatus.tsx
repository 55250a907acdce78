import { Alert, Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import type { TelegramVerification } from "@promptune/contracts";

/**
 * Whether the saved Telegram username is verified as yours (issue 14, item
 * 8). Until it is, the bots treat that account as a stranger; the one-time
 * link opens the before bot in Telegram; pressing Start there (from the
 * account with that username) makes the bot name this Promptune account and
 * ask, and its "Yes" button verifies (issue 21). Nothing shows before the
 * integration is saved.
 */
export function VerificationStatus({
  verification,
  username,
}: {
  verification: TelegramVerification | null;
  username: string;
}) {
  if (!verification) return null;
  if (verification.verified) {
    return (
      <Group gap="xs" data-testid="telegram-verification">
        <Badge color="green" variant="light">
          Verified
        </Badge>
        <Text size="sm" c="dimmed">
          The bots answer {username || "your Telegram account"} as the owner.
        </Text>
      </Group>
    );
  }
  return (
    <Alert
      color="yellow"
      title="Telegram username not verified"
      data-testid="telegram-verification"
    >
      <Stack gap={6}>
        <Text size="sm">
          Until you verify {username || "your username"}, the bots treat that Telegram account as a
          stranger, so nobody else can claim it.
        </Text>
        {verification.link ? (
          <Text size="sm">
            Open{" "}
            <Anchor
              href={verification.link}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="telegram-verification-link"
              style={{ wordBreak: "break-all" }}
            >
              {verification.link}
            </Anchor>{" "}
            from that Telegram account, press Start, then check that the bot names your Promptune
            account and press its "Yes" button. The link works once.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            The bots are not configured on this server, so there is no verification link yet.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
