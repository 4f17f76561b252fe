import type { AppConfig } from '../../config/env.ts';
import { routeNow } from '../courses/clock.ts';

// Session and reset-link expiry follow the app's route clock, so tests pin one clock (setRouteClock) for both the
// booking rules and the sign-in rules of an app. Rate-limit windows use the database clock (shared by instances).
export function authNow(config: AppConfig): Date {
  return routeNow(config);
}
