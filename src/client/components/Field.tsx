import { type InputHTMLAttributes, type Ref, useId } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  // Lets a form move focus to the field its error message is about.
  inputRef?: Ref<HTMLInputElement>;
}

// A text input with a visible label and an optional hint that is read out as its description.
export function Field({ label, hint, inputRef, className, ...inputProps }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <div className="field-head">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        {hint ? (
          <span className="field-hint" id={hintId}>
            {hint}
          </span>
        ) : null}
      </div>
      <input
        {...inputProps}
        ref={inputRef}
        id={id}
        className={className ? `input ${className}` : 'input'}
        aria-describedby={hint ? hintId : undefined}
      />
    </div>
  );
}
