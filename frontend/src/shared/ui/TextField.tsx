import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  /** Shown under the field; with `error`, as the field's error message. */
  helperText?: string;
  error?: boolean;
  className?: string;
}

type InputProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { multiline?: false };
type AreaProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & { multiline: true };

/** A labelled text field whose helper or error text is its description for screen readers. */
export function TextField(props: InputProps | AreaProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const { label, helperText, error = false, className, required } = props;
  const described = helperText ? helperId : undefined;
  const control = props.multiline ? (
    <textarea
      {...withoutFieldProps(props)}
      id={id}
      aria-invalid={error}
      aria-describedby={described}
      className="field-control"
    />
  ) : (
    <input
      {...withoutFieldProps(props)}
      id={id}
      aria-invalid={error}
      aria-describedby={described}
      className="field-control"
    />
  );
  return (
    <div className={['field', error && 'field-error', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {helperText && (
        <p id={helperId} className="field-helper">
          {helperText}
        </p>
      )}
    </div>
  );
}

function withoutFieldProps<T extends FieldProps & { multiline?: boolean }>(props: T) {
  const { label, helperText, error, className, multiline, ...rest } = props;
  return rest;
}
