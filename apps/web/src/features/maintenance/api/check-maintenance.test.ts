// @vitest-environment happy-dom
import { maintenanceResponseSchema } from '@links/shared/schemas/system';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, refuse, requestLog, useApiServer, v1 } from '@/test/api-server';
import { checkMaintenance } from './check-maintenance';

/** GET /v1/maintenance as the API (200, 503, 500, an unknown route's 404), a gateway (502, 504) or no one answers. */
function statusAnswer(status: number): HttpResponse<never> {
  if (status === 200) return answer(maintenanceResponseSchema, { data: { maintenance: false } });
  if (status === 503) return refuse(503, { code: 'maintenance', message: 'Down for maintenance' });
  if (status === 404) return refuse(404, { code: 'not_found', message: 'Not found' });
  if (status === 500) return refuse(500, { code: 'internal_error', message: 'Something went wrong' });
  return new HttpResponse(null, { status });
}

describe('checkMaintenance', () => {
  const server = useApiServer();
  const serveStatus = (status: number) =>
    server.use(http.get(v1('/maintenance'), () => statusAnswer(status)));

  it('reads 503 as still in maintenance, without fetching a CSRF token', async () => {
    const requests = requestLog();
    serveStatus(503);
    await expect(checkMaintenance()).resolves.toBe('maintenance');
    expect(requests).toEqual([`GET ${window.location.origin}/v1/maintenance`]);
  });

  it.each([200, 204, 404])('reads %i as available again', async (status) => {
    serveStatus(status);
    await expect(checkMaintenance()).resolves.toBe('available');
  });

  it.each([500, 502, 504])('treats %i as a failed check', async (status) => {
    serveStatus(status);
    await expect(checkMaintenance()).rejects.toThrow();
  });

  it('rejects when the network fails', async () => {
    server.use(http.get(v1('/maintenance'), () => HttpResponse.error()));
    await expect(checkMaintenance()).rejects.toThrow();
  });
});
