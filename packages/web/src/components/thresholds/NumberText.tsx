import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

type NumberTextProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: number;
  onChange: (value: number) => void;
  /** 'decimal': threshold bounds (§5 "parse as decimal numbers"); 'digits': minutes, digits only. */
  kind: 'decimal' | 'digits';
};

const DECIMAL = /^-?\d*(\.\d*)?$/;
const DIGITS = /^\d*$/;

/**
 * A number typed as text: the text is kept while it is on its way to a number ('3.', '-', ''), and
 * every complete number is reported at once. A value changed from outside (the slider) replaces the
 * text unless the text already means that value ('3.10' stays '3.10').
 */
export function NumberText({ value, onChange, kind, onBlur, ...props }: NumberTextProps) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (Number(text) !== value || text.trim() === '') setText(String(value));
  }

  return (
    <TextInput
      {...props}
      inputMode={kind === 'decimal' ? 'decimal' : 'numeric'}
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value.trim();
        if (!(kind === 'decimal' ? DECIMAL : DIGITS).test(typed)) return;
        setText(typed);
        const parsed = Number(typed);
        if (typed !== '' && typed !== '-' && Number.isFinite(parsed) && parsed !== value) {
          setShown(parsed);
          onChange(parsed);
        }
      }}
      onBlur={(event) => {
        // An unfinished number ('', '-', '3.') shows the value it stands at.
        setText(String(value));
        onBlur?.(event);
      }}
    />
  );
}
