import { useComputedColorScheme } from "@mantine/core";
import { GRAPH } from "@promptune/contracts";
import type { KeyboardEvent } from "react";
import type { MultiAgentSnapshot } from "../../../stores/multi-run";

/** Which agent of a configuration is selected: the coordinator or worker i. */
export type AgentKey = "coordinator" | `worker-${number}`;

interface AgentDiagramProps {
  config: MultiAgentSnapshot;
  selected: AgentKey | null;
  onSelect(key: AgentKey): void;
  /** Accessible name of the diagram. */
  label: string;
  testId?: string;
}

const WIDTH = 340;
const PER_ROW = 5;
const NODE_R = 17;
/** Tree layout (more than PER_ROW workers): trunk and worker column, line gap, label room. */
const TREE_TRUNK_X = 48;
const TREE_NODE_X = 104;
const TREE_GAP = 46;
const TREE_LABEL_CHARS = 28;

/** Shortens a label to fit under a node. */
function short(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const MARGIN = 46;
/** Average width of one label character (px at font size 12). */
const CHAR_PX = 6.8;

/** How many label characters fit under a node when `n` nodes share a row. */
function labelChars(n: number): number {
  const room = n <= 1 ? WIDTH : Math.min((WIDTH - 2 * MARGIN) / (n - 1), 2 * MARGIN);
  return Math.max(4, Math.min(16, Math.floor(room / CHAR_PX)));
}

/** Horizontal centres of `n` nodes spread across the width. */
function spread(n: number): number[] {
  const margin = MARGIN;
  if (n === 1) return [WIDTH / 2];
  const step = (WIDTH - 2 * margin) / (n - 1);
  return Array.from({ length: n }, (_, i) => margin + step * i);
}

/**
 * Mini diagram of a multi-agent configuration (SVG): the user at the top,
 * the coordinator below, up to five workers in a row, more as a tree (one
 * per line, full names beside them, no edge crossing a node). Agents are buttons
 * (click, Enter or Space) that select the agent whose details are shown.
 */
export function AgentDiagram({ config, selected, onSelect, label, testId }: AgentDiagramProps) {
  const dark = useComputedColorScheme("light") === "dark";
  const workers = config["worker-agents"];
  // More workers (or longer names) than fit in a row: a tree (issue 26 §3 item 7) — workers one per line with
  // their full names beside them, joined to the coordinator by a trunk that crosses no node.
  const tree =
    workers.length > PER_ROW || workers.some((w) => w.name.length > labelChars(workers.length));
  const user = { x: tree ? TREE_TRUNK_X : WIDTH / 2, y: 26 };
  const coordinator = { x: tree ? TREE_TRUNK_X : WIDTH / 2, y: 98 };
  const workerNodes = tree
    ? workers.map((w, i) => ({
        worker: w,
        key: `worker-${i}` as AgentKey,
        x: TREE_NODE_X,
        y: 160 + i * TREE_GAP,
        chars: TREE_LABEL_CHARS,
        labelRight: true,
      }))
    : workers.map((w, i) => {
        const xs = spread(workers.length);
        return {
          worker: w,
          key: `worker-${i}` as AgentKey,
          x: xs[i] ?? WIDTH / 2,
          y: 178,
          chars: labelChars(workers.length),
          labelRight: false,
        };
      });
  const height = tree ? 160 + (workers.length - 1) * TREE_GAP + 30 : 178 + 44;
  const ink = dark ? "#dee2e6" : "#343a40";
  const line = dark ? "#5c5f66" : "#ced4da";
  const surface = dark ? "#25262b" : "#ffffff";

  const keyHandler = (key: AgentKey) => (e: KeyboardEvent<SVGGElement>) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onSelect(key);
    }
  };

  const node = (
    key: AgentKey,
    name: string,
    at: { x: number; y: number; chars: number; labelRight?: boolean },
    color: string,
    role: string,
  ) => {
    const { x, y } = at;
    const active = selected === key;
    return (
      // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it carries role, tabIndex and key handling
      <g
        key={key}
        role="button"
        tabIndex={0}
        aria-label={`${role} ${name}`}
        aria-pressed={active}
        data-agent={key}
        onClick={() => onSelect(key)}
        onKeyDown={keyHandler(key)}
        style={{ cursor: "pointer", outline: "none" }}
        className="ma-agent-node"
      >
        {active && (
          <circle
            cx={x}
            cy={y}
            r={NODE_R + 6}
            fill="none"
            stroke={color}
            strokeWidth={2}
            strokeDasharray="4 3"
          />
        )}
        <circle
          className="ma-agent-body"
          cx={x}
          cy={y}
          r={NODE_R}
          fill={active ? color : surface}
          stroke={color}
          strokeWidth={2.5}
        />
        <text
          x={x}
          y={y + 4.5}
          textAnchor="middle"
          fontSize={12}
          fontWeight={700}
          fill={active ? "#1a1b1e" : ink}
        >
          {role === "Coordinator" ? "C" : name.slice(0, 1).toUpperCase() || "W"}
        </text>
        {at.labelRight ? (
          <text x={x + NODE_R + 10} y={y + 4.5} textAnchor="start" fontSize={12} fill={ink}>
            {short(name, at.chars)}
          </text>
        ) : (
          <text x={x} y={y + NODE_R + 15} textAnchor="middle" fontSize={12} fill={ink}>
            {short(name, at.chars)}
          </text>
        )}
        {name.length > at.chars && <title>{name}</title>}
      </g>
    );
  };

  return (
    <figure aria-label={label} data-testid={testId} style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: 420, display: "block", margin: "0 auto" }}
      >
        <title>{label}</title>
        <style>{".ma-agent-node:focus-visible .ma-agent-body{stroke-width:5}"}</style>
        <line
          x1={user.x}
          y1={user.y + 14}
          x2={coordinator.x}
          y2={coordinator.y - NODE_R}
          stroke={line}
          strokeWidth={2}
        />
        {workerNodes.map((w) => (
          <path
            key={`edge-${w.key}`}
            data-testid="agent-edge"
            d={
              tree
                ? `M ${coordinator.x} ${coordinator.y + NODE_R} V ${w.y} H ${w.x - NODE_R}`
                : `M ${coordinator.x} ${coordinator.y + NODE_R} L ${w.x} ${w.y - NODE_R}`
            }
            fill="none"
            stroke={line}
            strokeWidth={1.5}
          />
        ))}
        <g aria-label="User">
          <rect
            x={user.x - 26}
            y={user.y - 14}
            width={52}
            height={28}
            rx={14}
            fill={surface}
            stroke={line}
            strokeWidth={2}
          />
          <text
            x={user.x}
            y={user.y + 4.5}
            textAnchor="middle"
            fontSize={12}
            fontWeight={600}
            fill={ink}
          >
            User
          </text>
        </g>
        {node(
          "coordinator",
          config["master-agent"].name || "Coordinator",
          { ...coordinator, chars: tree ? TREE_LABEL_CHARS : 16, labelRight: tree },
          GRAPH.reachedColor,
          "Coordinator",
        )}
        {workerNodes.map((w) => node(w.key, w.worker.name, w, GRAPH.pendingColor, "Worker"))}
      </svg>
    </figure>
  );
}
