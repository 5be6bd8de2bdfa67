import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

// A native range restyled: a filled track and a round thumb large enough to grab on a phone.
const thumbClass = cn(
  'h-2 w-full cursor-pointer appearance-none rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600',
  '[&::-webkit-slider-thumb]:h-6 [&::-webkit-slider-thumb]:w-6 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-600 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-md',
  '[&::-moz-range-thumb]:h-6 [&::-moz-range-thumb]:w-6 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-600 [&::-moz-range-thumb]:bg-white',
);

export interface SliderFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** What a screen reader says for the value, e.g. "8 of 10, 20% of the six, 15.1% of overall". */
  valueText: string;
  description?: ReactNode;
  /** Shown at the right of the label row (the value, a number input…). */
  aside?: ReactNode;
  /** Gives the label to another control (a number input) instead; the slider is named by it too. */
  labelFor?: string;
  className?: string;
}

/** A labelled range slider. It stays a native input: keyboard, touch and screen readers work as users expect. */
export function SliderField({ label, value, min, max, onChange, valueText, description, aside, labelFor, className }: SliderFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const fill = ((value - min) / (max - min)) * 100;
  return (
    <div className={cn('space-y-2', className)}>
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <label id={labelId} htmlFor={labelFor ?? id} className="block text-sm font-semibold text-slate-800">
            {label}
          </label>
          {description ? (
            <p id={descriptionId} className="mt-0.5 text-xs text-slate-600">
              {description}
            </p>
          ) : null}
        </div>
        {aside ? <div className="shrink-0">{aside}</div> : null}
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        aria-valuetext={valueText}
        className={thumbClass}
        style={{ background: `linear-gradient(to right, var(--color-brand-600) ${fill}%, var(--color-slate-200) ${fill}%)` }}
      />
    </div>
  );
}
