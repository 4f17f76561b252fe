import type { SyntheticEvent } from 'react';

/** A missing photograph leaves the reserved, tinted box instead of the browser's broken-image glyph. */
export function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>): void {
  event.currentTarget.style.visibility = 'hidden';
}
