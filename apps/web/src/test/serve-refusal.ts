import type { ApiErrorBody } from '@links/shared/schemas/envelope';
import { http } from 'msw';
import { apiServer, type Received, recorded, refuse, v1 } from './api-server';

/**
 * One call more that the test's API server refuses until the test ends: `path` (as `v1` takes it) answers `status`
 * with `error` in the error envelope. The list of the calls it received, for tests that check what was sent.
 */
export function serveRefusal(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  status: number,
  error: ApiErrorBody,
): Received[] {
  const calls: Received[] = [];
  apiServer.use(
    http[method](
      v1(path),
      recorded(calls, () => refuse(status, error)),
    ),
  );
  return calls;
}
