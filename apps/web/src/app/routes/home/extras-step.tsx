import { caddiePriceFor, isCaddieEligible } from '@links/shared/caddies';
import { todayInLondon } from '@links/shared/uk-time';
import { useEffect, useMemo } from 'react';
import { useBooking } from '@/features/booking-flow/state/booking-context';
import { useCaddiePrices } from '@/features/caddies/api/get-caddie-prices';
import { CaddieExtras, type CaddieRound } from '@/features/caddies/components/caddie-extras';
import { ApiError } from '@/lib/api-client';
import styles from './steps.module.css';
import { useNow } from './use-now';

/** Section 4: caddies, offered once every course has a tee time and one round is at least 24 hours away. */
export function ExtrasStep() {
  const { state, dispatch } = useBooking();
  const now = useNow();
  const allChosen = state.courses.length > 0 && state.courses.every((course) => course.teeTime !== null);
  const rounds: CaddieRound[] = useMemo(
    () =>
      state.courses.flatMap((course) => {
        if (!course.teeTime) return [];
        const teeTime = new Date(course.teeTime.time);
        return [
          {
            courseId: course.id,
            courseName: course.name,
            teeTime,
            eligible: isCaddieEligible(teeTime, now),
            caddies: course.caddies,
            caddiesTotal: course.caddiesTotal,
          },
        ];
      }),
    [state.courses, now],
  );
  const eligibleIds = useMemo(
    () => rounds.filter((round) => round.eligible).map((round) => round.courseId),
    [rounds],
  );
  const eligibleKey = eligibleIds.join(',');
  const prices = useCaddiePrices(todayInLondon(now), allChosen && eligibleIds.length > 0);
  const pricePerCaddie = useMemo(() => {
    if (!prices.data) return null;
    const ranges = prices.data;
    return Object.fromEntries(
      state.courses.map((course) => [course.id, caddiePriceFor(course.playDate, ranges)]),
    ) as Record<number, number>;
  }, [prices.data, state.courses]);

  // Keeps caddie choices within the rules as time passes and tee times change, and prices them.
  useEffect(() => {
    dispatch({
      type: 'caddies/sync',
      eligibleCourseIds: eligibleKey ? eligibleKey.split(',').map(Number) : [],
      pricePerCaddie,
    });
  }, [dispatch, eligibleKey, pricePerCaddie]);

  if (!allChosen) {
    return <p className={styles.muted}>Caddies can be added once every course has a tee time.</p>;
  }

  const pricesError = prices.isError
    ? prices.error instanceof ApiError && prices.error.status !== 0
      ? prices.error.message
      : ''
    : null;

  return (
    <CaddieExtras
      rounds={rounds}
      golferCount={state.golfers.length}
      option={state.caddiesOption}
      pricePerCaddie={pricePerCaddie}
      pricesError={pricesError}
      onOptionChange={(option) =>
        dispatch({ type: 'caddies/set-option', option, eligibleCourseIds: eligibleIds })
      }
      onCountChange={(courseId, count) =>
        dispatch({ type: 'caddies/set-count', courseId, count, eligibleCourseIds: eligibleIds })
      }
    />
  );
}
