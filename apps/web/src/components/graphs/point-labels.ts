/**
 * Labels of graph points that do not pile up (issue 26 §3 item 7): points
 * drawn within a few pixels of each other (e.g. the same prompt embedded
 * twice) share one label listing their iterations, on the first of them.
 */

/** Points closer than this (in drawing units) count as one place. */
export const LABEL_MERGE_DISTANCE = 8;

/** A drawn point: its iteration, own label and position on the drawing. */
export interface DrawnPoint {
  iteration: number;
  label?: string;
  cx: number;
  cy: number;
}

/**
 * The label each point shows, by iteration: the first point of a group of
 * coinciding points shows "1, 2, 3" (their labels in order), the others none.
 */
export function mergedLabels(points: readonly DrawnPoint[]): Map<number, string | null> {
  const labels = new Map<number, string | null>();
  const groups: { head: DrawnPoint; members: DrawnPoint[] }[] = [];
  for (const p of [...points].sort((a, b) => a.iteration - b.iteration)) {
    const group = groups.find(
      (g) => Math.hypot(g.head.cx - p.cx, g.head.cy - p.cy) < LABEL_MERGE_DISTANCE,
    );
    if (group) group.members.push(p);
    else groups.push({ head: p, members: [p] });
  }
  for (const { head, members } of groups) {
    labels.set(head.iteration, members.map((m) => m.label ?? String(m.iteration)).join(", "));
    for (const m of members.slice(1)) labels.set(m.iteration, null);
  }
  return labels;
}
