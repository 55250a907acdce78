import { Badge, Box, Button, Group, Stack, Text } from "@mantine/core";
import { useId, useMemo, useState } from "react";
import { type DiffEntry, wordDiff } from "./word-diff";

const added = {
  background: "light-dark(var(--mantine-color-green-0), rgba(64,192,87,0.25))",
  // Dark enough for 4.5:1 on the pale green (the theme's accessible green text).
  color: "light-dark(#1e6b2f, var(--mantine-color-green-2))",
  textDecoration: "none",
  borderRadius: 3,
};
const removed = {
  background: "light-dark(var(--mantine-color-red-0), rgba(250,82,82,0.25))",
  color: "light-dark(#9b1c1c, var(--mantine-color-red-2))",
  textDecoration: "line-through",
  borderRadius: 3,
};

/**
 * One text shown as a word diff against its initial version: removed words
 * struck through in red, added words in green, with the word counts. Screen
 * readers hear the <ins>/<del> roles.
 */
export function PromptDiff({ label, before, after }: DiffEntry) {
  const diff = useMemo(() => wordDiff(before, after), [before, after]);
  const unchanged = diff.added === 0 && diff.removed === 0;
  return (
    <Stack gap={4} data-testid="prompt-diff" data-label={label}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {unchanged ? (
          <Badge size="sm" variant="light" color="gray" tt="none" data-testid="diff-unchanged">
            No changes
          </Badge>
        ) : (
          <>
            {diff.added > 0 && (
              <Badge size="sm" variant="light" color="green" tt="none" data-testid="diff-added">
                +{diff.added} {diff.added === 1 ? "word" : "words"} added
              </Badge>
            )}
            {diff.removed > 0 && (
              <Badge size="sm" variant="light" color="red" tt="none" data-testid="diff-removed">
                −{diff.removed} {diff.removed === 1 ? "word" : "words"} removed
              </Badge>
            )}
          </>
        )}
      </Group>
      {!unchanged && (
        <Box
          component="p"
          m={0}
          p="sm"
          fz="sm"
          style={{
            whiteSpace: "pre-wrap",
            wordBreak: "break-word",
            background: "light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))",
            borderRadius: "var(--mantine-radius-sm)",
          }}
        >
          {diff.parts.map((part, i) =>
            part.kind === "added" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
              <ins key={i} style={added}>
                {part.text}
              </ins>
            ) : part.kind === "removed" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
              <del key={i} style={removed}>
                {part.text}
              </del>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
              <span key={i}>{part.text}</span>
            ),
          )}
        </Box>
      )}
    </Stack>
  );
}

/** Several diffs one under the other (a prompt, or every agent's prompt and description). */
export function ConfigDiff({ entries }: { entries: readonly DiffEntry[] }) {
  return (
    <Stack gap="md" data-testid="config-diff">
      {entries.map((e) => (
        <PromptDiff key={e.label} {...e} />
      ))}
    </Stack>
  );
}

/**
 * A 'Show changes' / 'Hide changes' button revealing the diff of an
 * optimised configuration against the initial one (closed by default).
 */
export function DiffDisclosure({
  entries,
  buttonLabel = "Show changes vs initial",
}: {
  entries: readonly DiffEntry[];
  buttonLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Stack gap="sm">
      <div>
        <Button
          size="compact-sm"
          variant="light"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          data-testid="show-diff"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Hide changes" : buttonLabel}
        </Button>
      </div>
      {open && (
        <div id={id}>
          <ConfigDiff entries={entries} />
        </div>
      )}
    </Stack>
  );
}
