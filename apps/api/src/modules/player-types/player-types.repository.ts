import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type PlayerType, playerTypes } from '../../db/schema/index.ts';
import { cachedReference } from '../../lib/reference-cache.ts';

export const listPlayerTypes = cachedReference(
  (db: DbOrTx): Promise<PlayerType[]> =>
    db.select().from(playerTypes).orderBy(asc(playerTypes.sortOrder), asc(playerTypes.id)),
);
