import { Group, Text } from "@mantine/core";

/** The Promptune wordmark with its mark. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#FB9205" />
        <path
          d="M9 22V10h7a4 4 0 0 1 0 8h-7"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="23" cy="22" r="2.5" fill="#2196F3" />
      </svg>
      <Text fw={800} size="lg" visibleFrom="xs">
        Promptune
      </Text>
    </Group>
  );
}
