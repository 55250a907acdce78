import { InputBase, type SelectProps, type TooltipProps } from "@mantine/core";
import { type ComponentType, type KeyboardEvent, lazy, Suspense, useState } from "react";
import { loadChunk } from "../lib/chunks";
import { useAfterFirstPaint } from "../lib/deferred";

const loadFloating = () => loadChunk("floating", () => import("./floating"));
const Select = lazy(() =>
  loadFloating().then((m) => ({ default: m.Select as ComponentType<SelectProps> })),
);
const Tooltip = lazy(() => loadFloating().then((m) => ({ default: m.Tooltip })));

type SelectData = NonNullable<SelectProps["data"]>;
type SelectItem = string | { value: string; label: string };

/** The visible label of `value` among a Select's options (plain, object or grouped data). */
export function selectedLabel(data: SelectData | undefined, value: string | null | undefined) {
  if (value === null || value === undefined) return "";
  const items: SelectItem[] = [];
  for (const entry of (data ?? []) as Array<SelectItem | { group: string; items: SelectItem[] }>) {
    if (typeof entry === "object" && "group" in entry) items.push(...entry.items);
    else items.push(entry);
  }
  for (const item of items) {
    if (typeof item === "string" ? item === value : item.value === value)
      return typeof item === "string" ? item : item.label;
  }
  return "";
}

function Chevron() {
  return (
    <svg width={15} height={15} viewBox="0 0 15 15" aria-hidden="true" style={{ opacity: 0.6 }}>
      <path
        d="M4.93 5.43a.45.45 0 0 1 .64 0L7.5 7.36l1.93-1.93a.45.45 0 1 1 .64.64L7.82 8.32a.45.45 0 0 1-.64 0L4.93 6.07a.45.45 0 0 1 0-.64Z"
        fill="currentColor"
      />
    </svg>
  );
}

/** `data-*` props of a component, which Select passes to its input. */
function dataAttributes(props: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).filter(([k]) => k.startsWith("data-")));
}

type Intent = "none" | "focus" | "open";

/**
 * Mantine's Select, whose dropdown code (floating-ui, combobox, scroll area)
 * is a separate chunk loaded right after the first paint. Until then a
 * read-only field with the same label, value and look stands in (marked
 * aria-disabled); if the user focuses or opens it meanwhile, the real Select
 * takes the focus, and opens, as soon as it arrives.
 */
export function DeferredSelect(props: SelectProps) {
  const painted = useAfterFirstPaint();
  const [intent, setIntent] = useState<Intent>("none");
  const { label, description, error, placeholder, disabled, required, size, wrapperProps } = props;
  const standIn = (
    <InputBase
      readOnly
      role="combobox"
      aria-expanded={false}
      aria-disabled={disabled ? undefined : true}
      label={label}
      description={description}
      error={error}
      placeholder={placeholder}
      disabled={disabled}
      required={required}
      size={size}
      wrapperProps={wrapperProps}
      value={selectedLabel(props.data, props.value)}
      rightSection={<Chevron />}
      rightSectionPointerEvents="none"
      onFocus={() => setIntent((i) => (i === "none" ? "focus" : i))}
      onClick={() => setIntent("open")}
      onKeyDown={(e: KeyboardEvent) => {
        if (["ArrowDown", "ArrowUp", "Enter", " "].includes(e.key)) setIntent("open");
      }}
      {...dataAttributes(props)}
    />
  );
  if (!painted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select
        {...props}
        {...(intent !== "none" ? { autoFocus: true } : {})}
        {...(intent === "open" ? { defaultDropdownOpened: true } : {})}
      />
    </Suspense>
  );
}

/**
 * Mantine's Tooltip, loaded after the first paint: until then the target
 * renders alone (a tooltip only matters once the pointer rests on it).
 */
export function DeferredTooltip({ children, ...props }: TooltipProps) {
  const painted = useAfterFirstPaint();
  if (!painted) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
