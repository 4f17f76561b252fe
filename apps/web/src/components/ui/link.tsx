import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * An in-app link: a real `<a href>` (so it opens in a new tab, is announced as a link and works before hydration)
 * whose plain left click navigates inside the single-page app. Built from React Router's own `useHref` and
 * `useLinkClickHandler`, which is what its `<Link>` does too; its `<Link>` also carries the framework mode's
 * prefetching and view transitions, about 5 KB of the JavaScript every page loads for nothing here.
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
