import type { AnchorHTMLAttributes } from 'react';
import { ExternalIcon } from '../ui/icons';

type ExternalLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; showIcon?: boolean };

/**
 * Opens outside the booking in a new tab so a booking in progress is not lost; says so to screen
 * reader users, who otherwise get no cue that the context changed.
 */
export function ExternalLink({ children, showIcon = true, ...props }: ExternalLinkProps) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      {/* Sized to the text unless the surrounding styles size it (an SVG without a size fills its container). */}
      {showIcon ? <ExternalIcon className="external-icon" width="0.875em" height="0.875em" /> : null}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
