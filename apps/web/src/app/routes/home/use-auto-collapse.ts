import { useEffect, useRef, useState } from 'react';

/** Spec section 9: sections do not auto-close below this width. */
const AUTO_CLOSE_QUERY = '(min-width: 768px)';

/**
 * A section that closes itself when it becomes complete (and scrolls the next one into view), except on phones,
 * and opens again when it stops being complete. The visitor can open or close it at any time.
 */
export function useAutoCollapse(complete: boolean, nextSectionId: string) {
  const [collapsed, setCollapsed] = useState(false);
  const wasComplete = useRef(complete);

  useEffect(() => {
    const before = wasComplete.current;
    wasComplete.current = complete;
    if (!complete) {
      setCollapsed(false);
      return;
    }
    if (before || !window.matchMedia(AUTO_CLOSE_QUERY).matches) return;
    setCollapsed(true);
    // After the section has closed, so the next one is where the visitor continues.
    requestAnimationFrame(() => document.getElementById(nextSectionId)?.scrollIntoView({ block: 'start' }));
  }, [complete, nextSectionId]);

  return { collapsed, toggle: () => setCollapsed((value) => !value) };
}
