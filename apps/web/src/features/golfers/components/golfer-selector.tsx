import { MAX_GOLFERS, UNDER_16_PLAYER_TYPE_ID } from '@links/shared/constants';
import type { PlayerType } from '@links/shared/schemas/players';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { CloseIcon, UserIcon } from '@/components/ui/icons';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { usePlayerTypes } from '../api/get-player-types';
import styles from './golfer-selector.module.css';

export const UNDER_16_WARNING =
  'Golfers under 16 are recommended to be accompanied by an adult (over 18). The adult is welcome to walk the course with the group if not playing.';

const SLOT_POSITIONS = Array.from({ length: MAX_GOLFERS }, (_, index) => index + 1);

/** A golfer by position (1-based) with a player type; the booking state owns the rules for changing them. */
type GolferSlot = { id: number; playerTypeId: number };

type GolferSelectorProps = {
  golfers: readonly GolferSlot[];
  onAdd: (playerTypes: readonly PlayerType[]) => void;
  /** Adds the first golfer when there is none; must do nothing otherwise (effects can run twice). */
  onAddFirst: (playerTypes: readonly PlayerType[]) => void;
  onRemove: (position: number) => void;
  onTypeChange: (position: number, playerTypeId: number) => void;
};

/** Four slots: the chosen golfers with their player type, then 'Add a Golfer', then spare places. */
export function GolferSelector({ golfers, onAdd, onAddFirst, onRemove, onTypeChange }: GolferSelectorProps) {
  const playerTypes = usePlayerTypes();
  const types = playerTypes.data ?? [];
  const idPrefix = useId();
  // Adding or removing a golfer unmounts the button that was pressed: the focus goes to the new golfer's player type,
  // or to 'Add a Golfer' after a removal, instead of falling back to the page.
  const focusAfterChange = useRef<'added' | 'removed' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const change = focusAfterChange.current;
    focusAfterChange.current = null;
    if (change === 'added') document.getElementById(`${idPrefix}-type-${golfers.length}`)?.focus();
    if (change === 'removed') addButton.current?.focus();
  }, [golfers.length, idPrefix]);

  // A booking always has at least one golfer; the first appears as soon as the types are known.
  useEffect(() => {
    if (golfers.length === 0 && playerTypes.data?.length) onAddFirst(playerTypes.data);
  }, [golfers.length, playerTypes.data, onAddFirst]);

  if (playerTypes.isError) {
    return <LoadFailedAlert title="There was an error loading the player types" query={playerTypes} />;
  }

  if (playerTypes.isPending) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading golfers">
        {/* Keyed by position like the loaded slots, so React keeps each box in place when the data arrives. */}
        {SLOT_POSITIONS.map((position) => (
          <li key={position} className={styles.skeleton} />
        ))}
      </ul>
    );
  }

  const hasUnder16 = golfers.some((golfer) => golfer.playerTypeId === UNDER_16_PLAYER_TYPE_ID);

  return (
    <>
      <ul className={styles.grid}>
        {SLOT_POSITIONS.map((position) => {
          const golfer = golfers.find((candidate) => candidate.id === position);
          if (golfer) {
            const selectId = `${idPrefix}-type-${position}`;
            return (
              <li key={position} className={styles.slot}>
                <div className={styles.golfer}>
                  <div className={styles['golfer-head']}>
                    <span className={styles['golfer-name']}>
                      <span className={styles.avatar} aria-hidden="true">
                        <UserIcon />
                      </span>
                      Golfer {position}
                    </span>
                    <button
                      type="button"
                      className={styles.remove}
                      onClick={() => {
                        focusAfterChange.current = 'removed';
                        onRemove(position);
                      }}
                      disabled={golfers.length <= 1}
                    >
                      <CloseIcon />
                      Remove<span className="visually-hidden"> golfer {position}</span>
                    </button>
                  </div>
                  <div className={styles.field}>
                    <label className={styles.label} htmlFor={selectId}>
                      Player type<span className="visually-hidden"> for golfer {position}</span>
                    </label>
                    <select
                      id={selectId}
                      className={styles.select}
                      value={golfer.playerTypeId}
                      onChange={(event) => onTypeChange(position, Number(event.target.value))}
                    >
                      {types.map((type) => (
                        <option key={type.id} value={type.id}>
                          {type.name}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              </li>
            );
          }
          if (position === golfers.length + 1) {
            return (
              <li key={position} className={styles.slot}>
                <button
                  ref={addButton}
                  type="button"
                  className={styles.add}
                  onClick={() => {
                    focusAfterChange.current = 'added';
                    onAdd(types);
                  }}
                  disabled={types.length === 0}
                >
                  <span className={styles.plus} aria-hidden="true">
                    +
                  </span>
                  Add a Golfer
                </button>
              </li>
            );
          }
          return (
            <li key={position} className={styles.slot}>
              <div className={styles.placeholder}>Up to {MAX_GOLFERS} golfers available</div>
            </li>
          );
        })}
      </ul>
      {hasUnder16 ? (
        <div className={styles.notes}>
          <Alert type="warning">{UNDER_16_WARNING}</Alert>
        </div>
      ) : null}
    </>
  );
}
