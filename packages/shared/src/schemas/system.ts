import { z } from 'zod';
import { dataEnvelope } from './envelope';

/** GET /v1/time: the server's clock, so the countdown can correct the browser's. */
export const timeResponseSchema = dataEnvelope(
  z.object({ server_time: z.string().meta({ format: 'date-time', description: 'ISO 8601 instant in UTC' }) }),
);

/** GET /v1/maintenance while the service is up (503, code maintenance, while it is down). */
export const maintenanceResponseSchema = dataEnvelope(z.object({ maintenance: z.literal(false) }));
