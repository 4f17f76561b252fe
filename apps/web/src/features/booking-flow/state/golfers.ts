import { DEFAULT_PLAYER_TYPE_ID, MAX_GOLFERS, MIN_GOLFERS } from '@links/shared/constants';
import type { PlayerType } from '@links/shared/schemas/players';

/** A golfer in the booking: `id` is the position number (1-based), as the spec's booking state holds it. */
export type Golfer = { id: number; playerTypeId: number };

function renumber(golfers: Golfer[]): Golfer[] {
  return golfers.map((golfer, index) => ({ ...golfer, id: index + 1 }));
}

/** The default type (adult, id 1) when it is loaded, else the first loaded type. */
export function defaultPlayerTypeId(playerTypes: readonly PlayerType[]): number | null {
  if (playerTypes.some((type) => type.id === DEFAULT_PLAYER_TYPE_ID)) return DEFAULT_PLAYER_TYPE_ID;
  return playerTypes[0]?.id ?? null;
}

/** Appends a golfer only below the maximum and only once player types are loaded (spec section 4). */
export function addGolfer(golfers: Golfer[], playerTypes: readonly PlayerType[]): Golfer[] {
  const typeId = defaultPlayerTypeId(playerTypes);
  if (golfers.length >= MAX_GOLFERS || typeId === null) return golfers;
  return renumber([...golfers, { id: golfers.length + 1, playerTypeId: typeId }]);
}

/** Removes by position; the group never drops below one golfer. */
export function removeGolfer(golfers: Golfer[], position: number): Golfer[] {
  if (golfers.length <= MIN_GOLFERS) return golfers;
  return renumber(golfers.filter((golfer) => golfer.id !== position));
}

export function setGolferType(golfers: Golfer[], position: number, playerTypeId: number): Golfer[] {
  return golfers.map((golfer) => (golfer.id === position ? { ...golfer, playerTypeId } : golfer));
}
