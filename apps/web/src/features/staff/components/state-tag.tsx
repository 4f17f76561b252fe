import sheet from './tee-sheet.module.css';
import { STATE_LABELS, type TagState } from './tee-sheet-labels';

/** A booking's or tee time's state as a coloured tag with its word, and an optional note below ('until 10:42'). */
export function StateTag({ state, note }: { state: TagState; note?: string | undefined }) {
  return (
    <>
      <span className={`${sheet.state} ${sheet[state]}`}>{STATE_LABELS[state]}</span>
      {note ? <span className={sheet['state-note']}>{note}</span> : null}
    </>
  );
}
