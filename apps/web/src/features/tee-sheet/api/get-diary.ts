import { DIARY_SLOT_TYPE } from '@links/shared/constants';
import type { diaryResponseSchema } from '@links/shared/schemas/diary';
import type { DataOf } from '@links/shared/schemas/envelope';
import type { DiarySlot } from '@links/shared/slot-state';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DiaryParams = { courseId: number; date: string; currentBookingId: number | null };

export function getDiary({ courseId, date, currentBookingId }: DiaryParams): Promise<DiarySlot[]> {
  return api.get<DataOf<typeof diaryResponseSchema>>(`/courses/${courseId}/diary`, {
    query: {
      start_date: date,
      slot_type: DIARY_SLOT_TYPE,
      filter_today: 1,
      current_booking_id: currentBookingId ?? undefined,
    },
  });
}

export const diaryQueryOptions = (params: DiaryParams) =>
  // Places change with every booking and every expiring hold: reload whenever a tee sheet mounts.
  queryOptions({
    queryKey: ['diary', params.courseId, params.date, params.currentBookingId],
    queryFn: () => getDiary(params),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** Runs once there are golfers and a date (spec section 7). */
export function useDiary(params: DiaryParams, enabled: boolean) {
  return useQuery({ ...diaryQueryOptions(params), enabled });
}
