import { REQUESTED_PLAYER_TYPE_IDS } from '@links/shared/constants';
import { GOLFER_MESSAGES } from '@links/shared/messages';
import type { PlayerType } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/app-error.ts';

const PUBLIC_TYPES: ReadonlySet<number> = new Set(REQUESTED_PLAYER_TYPE_IDS);

/**
 * The player types anyone may price and book through the public API: those the booking flow offers (spec section 9),
 * the shared REQUESTED_PLAYER_TYPE_IDS. The others (the staff concession) carry lower prices, so a request naming one
 * is refused rather than trusted to come from the form. 400 on the golfer's own field.
 */
export function checkPublicPlayerTypes(
  golfers: ReadonlyArray<{ playerTypeId: number }>,
  playerTypes: readonly PlayerType[],
): void {
  const named = new Map(playerTypes.map((type) => [type.id, type.name]));
  for (const [index, golfer] of golfers.entries()) {
    const field = `golfers.${index}.playerTypeId`;
    const name = named.get(golfer.playerTypeId);
    if (name === undefined) {
      throw badRequest(
        `There is no player type with id ${golfer.playerTypeId}.`,
        { [field]: GOLFER_MESSAGES.playerType },
        'unknown_player_type',
      );
    }
    if (!PUBLIC_TYPES.has(golfer.playerTypeId)) {
      const offered = REQUESTED_PLAYER_TYPE_IDS.map((id) => named.get(id) ?? `type ${id}`).join(' or ');
      const message = `${name} cannot be booked online. Please choose ${offered}.`;
      throw badRequest(message, { [field]: message }, 'player_type_not_offered');
    }
  }
}
