import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./ring.module.css";

/** Props of the ring: size and stroke in px, the filled percentage and what sits in the middle. */
export interface RingProps {
  size: number;
  thickness: number;
  /** Filled share, 0–100. */
  value: number;
  /** Centre content (the percentage). */
  label?: ReactNode;
  /** Accessible name of the ring (it is announced as one image). */
  "aria-label"?: string;
}

/**
 * A circular percentage ring drawn in SVG, with the same geometry and colours
 * as Mantine's RingProgress but without its tooltip machinery, so the first
 * screen's progress display does not pull floating-ui into the initial route.
 */
export function Ring({ size, thickness, value, label, "aria-label": ariaLabel }: RingProps) {
  const v = Math.max(0, Math.min(100, value));
  const radius = (size * 0.9 - thickness * 2) / 2;
  const length = 2 * Math.PI * radius;
  const centre = size / 2;
  return (
    <Box
      pos="relative"
      w={size}
      h={size}
      miw={size}
      {...(ariaLabel ? { role: "img", "aria-label": ariaLabel } : {})}
    >
      <svg
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        style={{ transform: "rotate(-90deg)", display: "block" }}
        aria-hidden="true"
      >
        <circle
          className={classes.track}
          cx={centre}
          cy={centre}
          r={radius}
          fill="none"
          strokeWidth={thickness}
        />
        {v > 0 && (
          <circle
            className={classes.arc}
            cx={centre}
            cy={centre}
            r={radius}
            fill="none"
            stroke="var(--mantine-primary-color-filled)"
            strokeWidth={thickness}
            strokeLinecap="round"
            strokeDasharray={`${(v / 100) * length} ${length}`}
          />
        )}
      </svg>
      {label !== undefined && (
        <Box
          pos="absolute"
          inset={0}
          style={{ display: "grid", placeItems: "center", pointerEvents: "none" }}
        >
          {label}
        </Box>
      )}
    </Box>
  );
}
