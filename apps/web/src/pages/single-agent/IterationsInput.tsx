import { TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { NOTIFICATIONS } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { interpretIterationsInput, settleIterations } from "./iterations";

/** Props of the iterations field. */
export interface IterationsInputProps {
  value: number;
  max: number;
  onChange(value: number): void;
  disabled?: boolean;
  description?: string;
}

function showLimitNotice(message: string) {
  notifications.show({
    id: "iterations-limit",
    color: "blue",
    title: "Iterations",
    message,
    autoClose: NOTIFICATIONS.configurationViewMs,
  });
}

/** The Iterations number field with every rule of spec §5 (see iterations.ts). */
export function IterationsInput({
  value,
  max,
  onChange,
  disabled,
  description,
}: IterationsInputProps) {
  const [text, setText] = useState(String(value));
  const [focused, setFocused] = useState(false);

  // Follow outside changes (defaults, history loads) while the user is not typing.
  useEffect(() => {
    if (!focused) setText(String(value));
  }, [value, focused]);

  return (
    <TextInput
      label="Iterations"
      description={description ?? `1 to ${max}`}
      inputMode="numeric"
      value={text}
      disabled={disabled}
      data-testid="iterations-input"
      onFocus={() => setFocused(true)}
      onChange={(e) => {
        const edit = interpretIterationsInput(e.currentTarget.value, max);
        if (edit.action === "ignore") return;
        setText(edit.text);
        if (edit.value !== null) onChange(edit.value);
        if (edit.action === "clamp") showLimitNotice(edit.notice);
      }}
      onBlur={() => {
        setFocused(false);
        const settled = settleIterations(text, max);
        setText(String(settled.value));
        onChange(settled.value);
        if (settled.notice) showLimitNotice(settled.notice);
      }}
    />
  );
}
