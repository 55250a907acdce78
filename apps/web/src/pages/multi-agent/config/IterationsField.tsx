import { TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ITERATIONS, NOTIFICATIONS } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { editIterations, maxIterationsNotice, settleIterations } from "./iterations";

interface IterationsFieldProps {
  value: number;
  onChange(value: number): void;
  disabled?: boolean;
}

/** The multi-agent iterations input (1–10) with the spec's typing and blur rules. */
export function IterationsField({ value, onChange, disabled }: IterationsFieldProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText((t) => (Number(t) === value ? t : String(value))), [value]);

  const handleChange = (raw: string) => {
    const edit = editIterations(raw, ITERATIONS.max);
    if (edit.kind === "ignore") return;
    if (edit.kind === "draft") {
      setText(edit.text);
      return;
    }
    setText(String(edit.value));
    onChange(edit.value);
    if (edit.clamped) {
      notifications.show({
        id: "iterations-max",
        color: "blue",
        title: "Iterations",
        message: maxIterationsNotice(ITERATIONS.max),
        autoClose: NOTIFICATIONS.configurationViewMs,
      });
    }
  };

  const handleBlur = () => {
    const settled = settleIterations(text, ITERATIONS.max);
    setText(String(settled));
    if (settled !== value) onChange(settled);
  };

  return (
    <TextInput
      label="Iterations"
      description={`From ${ITERATIONS.min} to ${ITERATIONS.max}`}
      inputMode="numeric"
      value={text}
      disabled={disabled}
      onChange={(e) => handleChange(e.currentTarget.value)}
      onBlur={handleBlur}
      data-tour="ma-iterations"
      data-testid="ma-iterations"
    />
  );
}
