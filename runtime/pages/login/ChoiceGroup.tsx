/**
 * A small segmented choice (radio group) for the sign-in pages: the sign-in mode and the
 * language. Native buttons keep the sign-in bundle small; arrow keys move the choice.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  lang?: string;
}

export default function ChoiceGroup<T extends string>(props: {
  value: T;
  options: readonly Choice<T>[];
  onChange: (value: T) => void;
  label: string;
  size?: 'small' | 'middle';
  className?: string;
  testId?: string;
}) {
  const { value, options, onChange, label, size = 'middle', className, testId } = props;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + options.length) % options.length;
    onChange(options[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="radiogroup" aria-label={label} className={`choice-group choice-group-${size} ${className ?? ''}`} data-testid={testId}>
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            lang={option.lang}
            className={`choice-group-item${checked ? ' checked' : ''}`}
            onClick={() => onChange(option.value)}
            onKeyDown={(e) => move(e, index)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
