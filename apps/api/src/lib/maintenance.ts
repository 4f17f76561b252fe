import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { SETTING_KEYS, settings } from '../db/schema/system.ts';

export async function readMaintenanceFlag(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETTING_KEYS.maintenance))
    .limit(1);
  return rows[0]?.value === true;
}

export async function writeMaintenanceFlag(db: DbOrTx, enabled: boolean): Promise<void> {
  await db
    .insert(settings)
    .values({ key: SETTING_KEYS.maintenance, value: enabled })
    .onConflictDoUpdate({ target: settings.key, set: { value: enabled, updatedAt: new Date() } });
}

export type MaintenanceStatus = { maintenance: boolean; forced_by_env: boolean; database_flag: boolean };

type Logger = { warn(object: object, message: string): void };

/**
 * The per-instance view of the maintenance flag. With a cache window it is read once at start and then refreshed
 * by the `maintenance-flag` job every window, so the request path reads a boolean and never waits on the database;
 * with cacheMs = 0 (tests) it reads on every call.
 */
export class MaintenanceSwitch {
  private databaseFlag = false;
  private loaded = false;

  constructor(
    private readonly db: DbOrTx,
    private readonly options: { forced: boolean; cacheMs: number; log: Logger },
  ) {}

  async start(): Promise<void> {
    if (this.options.forced || this.options.cacheMs === 0 || this.loaded) return;
    this.databaseFlag = await readMaintenanceFlag(this.db);
    this.loaded = true;
  }

  /** Synchronous when cached (the hot path); a promise only when every call must consult the database. */
  isOn(): boolean | Promise<boolean> {
    if (this.options.forced) return true;
    if (this.loaded) return this.databaseFlag;
    return readMaintenanceFlag(this.db);
  }

  async status(): Promise<MaintenanceStatus> {
    const databaseFlag = await readMaintenanceFlag(this.db);
    return {
      maintenance: this.options.forced || databaseFlag,
      forced_by_env: this.options.forced,
      database_flag: databaseFlag,
    };
  }

  async set(enabled: boolean): Promise<MaintenanceStatus> {
    await writeMaintenanceFlag(this.db, enabled);
    this.databaseFlag = enabled;
    return this.status();
  }

  /** Re-reads the flag into the cache (the maintenance-flag job). */
  async refresh(): Promise<void> {
    try {
      this.databaseFlag = await readMaintenanceFlag(this.db);
    } catch (error) {
      // Keep the last known value: a database blip must not flip every instance in or out of maintenance.
      this.options.log.warn({ err: error }, 'maintenance flag refresh failed');
    }
  }
}
