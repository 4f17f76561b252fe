import { useEffect, useRef, useState } from 'react';
import styles from './reports.module.css';

/**
 * An Observable Plot chart, drawn for the width it has and again when that changes. Plot's own stylesheet (a <style>
 * element) is taken out before the chart enters the page: the content security policy allows no inline styles, and
 * reports.module.css carries the same rules. The chart is one image to assistive technology, named by `label`; the
 * table beside it is its text alternative.
 */
export function PlotChart({ label, draw }: { label: string; draw: (width: number) => Element }) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = frame.current;
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      // Only a real change redraws (a scrollbar appearing moves the width by a few pixels, back and forth).
      setWidth((previous) => (Math.abs(previous - next) > 8 ? next : previous));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const node = frame.current;
    if (!node || width === 0) return;
    const chart = draw(width);
    for (const style of chart.querySelectorAll('style')) style.remove();
    // Plot names its mark groups ("bar", "cell") for assistive technology; inside one image those names are noise
    // (and a name on a <g> without a role is not allowed): the frame's label names the chart.
    for (const named of chart.querySelectorAll('[aria-label], [aria-description]')) {
      named.removeAttribute('aria-label');
      named.removeAttribute('aria-description');
    }
    node.replaceChildren(chart);
  }, [draw, width]);
  return <div ref={frame} className={styles.chart} role="img" aria-label={label} />;
}
