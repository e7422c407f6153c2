import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'text';

interface CommonProps {
  variant?: ButtonVariant;
  /** Shrink to content width on wide screens (still full width on phones). */
  inline?: boolean;
  children: ReactNode;
}

function classes(variant: ButtonVariant, inline: boolean | undefined, extra?: string): string {
  return [styles.button, styles[variant], inline ? styles.inline : '', extra ?? ''].filter(Boolean).join(' ');
}

export type ButtonProps = CommonProps & ButtonHTMLAttributes<HTMLButtonElement>;

/** Type defaults to "button" so a button never submits a form by accident. */
export function Button({ variant = 'primary', inline, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={classes(variant, inline, className)} {...rest}>
      {children}
    </button>
  );
}

export type ButtonLinkProps = CommonProps & AnchorHTMLAttributes<HTMLAnchorElement>;

/** A link that looks like a button (navigation to another page, e.g. the customer's site). */
export function ButtonLink({ variant = 'primary', inline, className, children, ...rest }: ButtonLinkProps) {
  return (
    <a className={classes(variant, inline, className)} {...rest}>
      {children}
    </a>
  );
}
