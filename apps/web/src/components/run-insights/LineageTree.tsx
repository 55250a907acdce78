import { Badge, Box, Group, Text } from "@mantine/core";
import type { RunReasoning } from "@promptune/contracts";
import { percent } from "../../run/score";
import { buildLineage, type LineageNode } from "./lineage";

function NodeView({ node, level }: { node: LineageNode; level: number }) {
  return (
    <li
      aria-current={node.presented ? "true" : undefined}
      data-level={level}
      data-testid={`lineage-node-${node.iteration}`}
      data-presented={node.presented}
    >
      <Box
        p={6}
        my={4}
        style={{
          border: `1px solid ${node.presented ? "#FB9205" : "var(--mantine-color-default-border)"}`,
          borderRadius: "var(--mantine-radius-sm)",
        }}
      >
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {node.iteration === 0 ? "Initial (iteration 0)" : `Iteration ${node.iteration}`}
          </Text>
          <Badge variant="light" tt="none">
            {percent(node.validationScore)}
          </Badge>
          {node.mergedWith !== null && (
            <Badge color="violet.9" tt="none">
              merge of {node.parent} and {node.mergedWith}
            </Badge>
          )}
          {node.iteration > 0 && node.mergedWith === null && (
            <Badge color="#1e6b2f" tt="none">
              accepted
            </Badge>
          )}
          {node.presented && (
            <Badge color="orange" tt="none" data-testid="lineage-presented">
              presented
            </Badge>
          )}
        </Group>
        {node.component && node.iteration > 0 && (
          <Text size="xs" c="dimmed">
            changed {node.component}
          </Text>
        )}
      </Box>
      {node.children.length > 0 && (
        <ul
          aria-label={`Derived from ${node.iteration === 0 ? "the initial configuration" : `iteration ${node.iteration}`}`}
          style={{
            listStyle: "none",
            margin: 0,
            paddingLeft: 18,
            borderLeft: "1px dashed var(--mantine-color-default-border)",
          }}
        >
          {node.children.map((c) => (
            <NodeView key={c.iteration} node={c} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The tree of candidates: initial at the root, accepted proposals and merges under their parents, the presented one marked. */
export function LineageTree({ reasoning }: { reasoning: RunReasoning }) {
  const root = buildLineage(reasoning);
  if (!root) return null;
  const accepted = reasoning.iterations.filter((i) => i.iteration > 0 && i.accepted).length;
  return (
    <Box data-testid="lineage-tree">
      <Text size="sm" c="dimmed" mb="xs">
        {accepted === 0
          ? "No proposal was accepted: the initial configuration is the only candidate."
          : `${accepted} accepted candidate${accepted === 1 ? "" : "s"}, each under the parent it was derived from.`}
      </Text>
      <ul aria-label="Lineage of candidates" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        <NodeView node={root} level={1} />
      </ul>
    </Box>
  );
}
