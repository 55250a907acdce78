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
const ROW_GAP = 64;
const NODE_R = 17;

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
 * the coordinator below, the workers in one or two rows. Agents are buttons
 * (click, Enter or Space) that select the agent whose details are shown.
 */
export function AgentDiagram({ config, selected, onSelect, label, testId }: AgentDiagramProps) {
  const dark = useComputedColorScheme("light") === "dark";
  const workers = config["worker-agents"];
  const rows = Math.ceil(workers.length / PER_ROW);
  const perRow = Math.ceil(workers.length / Math.max(1, rows));
  const user = { x: WIDTH / 2, y: 26 };
  const coordinator = { x: WIDTH / 2, y: 98 };
  const workerNodes = workers.map((w, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, workers.length - row * perRow);
    const xs = spread(inRow);
    return {
      worker: w,
      key: `worker-${i}` as AgentKey,
      x: xs[i - row * perRow] ?? WIDTH / 2,
      y: 178 + row * ROW_GAP,
      chars: labelChars(inRow),
    };
  });
  const height = 178 + (rows - 1) * ROW_GAP + 44;
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
    at: { x: number; y: number; chars: number },
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
        <text x={x} y={y + NODE_R + 15} textAnchor="middle" fontSize={12} fill={ink}>
          {short(name, at.chars)}
        </text>
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
          <line
            key={`edge-${w.key}`}
            x1={coordinator.x}
            y1={coordinator.y + NODE_R}
            x2={w.x}
            y2={w.y - NODE_R}
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
          { ...coordinator, chars: 16 },
          GRAPH.reachedColor,
          "Coordinator",
        )}
        {workerNodes.map((w) => node(w.key, w.worker.name, w, GRAPH.pendingColor, "Worker"))}
      </svg>
    </figure>
  );
}
