import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from '@/app/router';

export interface ButtonLook {
  variant?: 'contained' | 'outlined' | 'text';
  /** The darker amber of the calls to action (docs/product.md#public-site). */
  accent?: boolean;
  size?: 'small' | 'medium' | 'large';
}

/** The class names of a button's look; links that look like buttons share them. */
export function buttonClass(
  { variant = 'text', accent = false, size = 'medium' }: ButtonLook,
  extra?: string,
): string {
  return [
    'btn',
    `btn-${variant}`,
    accent && 'btn-accent',
    size !== 'medium' && `btn-${size}`,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { children: ReactNode };

export function Button({
  variant,
  accent,
  size,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, accent, size }, className)} {...props} />
  );
}

export function ButtonLink({ variant, accent, size, className, ...props }: ButtonLook & LinkProps) {
  return <Link className={buttonClass({ variant, accent, size }, className)} {...props} />;
}
