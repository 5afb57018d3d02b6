import type { ChangeEvent } from 'react';

/**
 * Binds the lead dialog's small full-width text fields to one form's values: `field(name)` is
 * what a TextField needs to show that value and to change it.
 */
export function bindFields<Values extends object>(
  values: Values,
  onChange: (values: Values) => void,
  disabled?: boolean,
) {
  return (name: keyof Values & string) => ({
    name,
    value: values[name],
    disabled,
    fullWidth: true,
    size: 'small' as const,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...values, [name]: e.target.value }),
  });
}
