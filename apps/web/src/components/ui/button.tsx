import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';
import { Link, type LinkProps } from './link';

export type ButtonVariant = 'primary' | 'secondary' | 'gold' | 'outline-light';
export type ButtonSize = 'sm' | 'md' | 'lg';

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

export function buttonClassName(
  { variant = 'primary', size = 'md', block = false }: StyleProps,
  extra?: string,
) {
  return [styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  StyleProps & { ref?: Ref<HTMLButtonElement> };

export function Button({ variant, size, block, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, block }, className)} {...props} />;
}

export type ButtonLinkProps = LinkProps & StyleProps;

/** A router link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant, size, block, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...props} />;
}
