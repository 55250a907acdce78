import { Skeleton, Stack } from "@mantine/core";

/**
 * Placeholder of sections whose code loads after the first paint: grey blocks
 * of roughly the sections' height, so the page does not jump when they arrive.
 * `label` names what is loading for assistive technology.
 */
export function SectionSkeleton({ label, blocks }: { label: string; blocks: number[] }) {
  return (
    <Stack gap={48} role="status" aria-label={label} aria-busy="true">
      {blocks.map((height, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholders
        <Skeleton key={i} height={height} radius="lg" />
      ))}
    </Stack>
  );
}
