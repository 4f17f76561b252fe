import { userResponseSchema } from '@links/shared/schemas/auth';
import { http } from 'msw';
import { answer, v1 } from './api-server';

/** GET /v1/user for a visitor who is not signed in: the API answers null, not an error. */
export const signedOut = () => http.get(v1('/user'), () => answer(userResponseSchema, { data: null }));
