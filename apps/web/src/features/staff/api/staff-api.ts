import type { PricedBooking } from '@links/shared/pricing';
import type {
  CreateStaffUserAnswer,
  CreateStaffUserRequest,
  StaffAuditPage,
  StaffAuditQuery,
  StaffCodeRequest,
  StaffPasswordChangeRequest,
  StaffSignInAnswer,
  StaffSignInRequest,
  StaffUser,
  UpdateStaffUserRequest,
} from '@links/shared/schemas/staff';
import type {
  Block,
  BlockPeriodInput,
  BlockPreview,
  CreateBlockInput,
  CreatedBlock,
} from '@links/shared/schemas/staff-blocks';
import type {
  StaffBookingChange,
  StaffBookingChangeRequestInput,
  StaffNewBooking,
  StaffNewBookingRequestInput,
} from '@links/shared/schemas/staff-booking-change';
import type {
  CancelBookingRequest,
  CancelledBooking,
  DueDateRequest,
  MoneyChange,
  MovedRound,
  MoveRoundRequest,
  PaymentLinkSent,
  RecordPaymentRequest,
  StaffBookingDetail,
  StaffBookingSearch,
  StaffBookingSearchQueryInput,
  StaffCaddiesAnswer,
  StaffCaddiesRequest,
  StaffContactAnswer,
  StaffContactRequest,
} from '@links/shared/schemas/staff-bookings';
import type {
  MailState,
  MaintenanceStatus,
  StaffMailMessage,
  StaffMailPage,
  StaffOperations,
} from '@links/shared/schemas/staff-operations';
import type {
  CreateOperatorRequest,
  StaffOperator,
  StaffOperatorDetail,
  UpdateOperatorRequest,
} from '@links/shared/schemas/staff-operators';
import type {
  ClosingDateAnswer,
  ClosingDateChange,
  GreenFeeChange,
  NewCaddieRange,
  NewSeason,
  PackageDetailsInput,
  PackagePriceChange,
  StaffPrices,
} from '@links/shared/schemas/staff-prices';
import {
  type CheckInAnswer,
  type CheckInRequest,
  type StaffTeeSheet,
  TEE_SHEET_REFRESH_MS,
} from '@links/shared/schemas/staff-tee-sheet';
import type {
  StaffTeeWindows,
  TeeWindowChangeAnswer,
  TeeWindowChangeInput,
  TeeWindowPreview,
} from '@links/shared/schemas/staff-tee-windows';
import type { TicketPricesBody } from '@links/shared/schemas/ticket-prices';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiRequest } from '@/lib/api-client';

// The staff area's calls (/v1/staff, issue 22). Every answer is the shared schema's shape; the session is the same
// signed cookie as the public site's, upgraded by the staff sign-in.

export const STAFF_KEY = ['staff'] as const;
export const STAFF_ME_KEY = [...STAFF_KEY, 'me'] as const;
const STAFF_USERS_KEY = [...STAFF_KEY, 'users'] as const;

/** A GET of the staff API under `queryKey`, cancelled when nothing needs it any more. */
function useStaffRead<T>(
  queryKey: readonly unknown[],
  path: string,
  options: { retry?: boolean; staleTime?: number; refetchInterval?: number; enabled?: boolean } = {},
) {
  return useQuery({ queryKey, queryFn: ({ signal }) => api.get<T>(path, { signal }), ...options });
}

/** The signed-in staff user, or null when this browser has no full staff session (401). */
export async function getStaffMe(): Promise<StaffUser | null> {
  try {
    return await api.get<StaffUser>('/staff/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useStaffMe() {
  return useQuery({ queryKey: STAFF_ME_KEY, queryFn: getStaffMe, retry: false, staleTime: 60_000 });
}

/** Drops every staff read but who is signed in (the page watches that one; it is set next). */
function forgetStaffReads(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: STAFF_KEY, predicate: (query) => query.queryKey[1] !== 'me' });
}

/**
 * A change, and what its answer does to the reads: `then` stores the answer or reads again. A promise it returns is
 * waited for before the caller's own onSuccess runs.
 */
function useStaffChange<V, T>(
  call: (values: V) => Promise<T>,
  then: (queryClient: QueryClient, answer: T) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (answer) => then(queryClient, answer) });
}

/** A POST after which nothing read needs reading again: a sign-in step, a password, a preview. */
const usePost = <B, A>(path: string) => useMutation({ mutationFn: (body: B) => api.post<A>(path, body) });

/**
 * Reads these keys again without waiting: the caller's own onSuccess (its message) runs first, before a read again
 * may remove the form that made the change (a cancelled booking has no cancel form) and with it that callback.
 */
const readAgain =
  (...keys: ReadonlyArray<readonly unknown[]>) =>
  (queryClient: QueryClient) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

const TEE_SHEET_KEY = [...STAFF_KEY, 'tee-sheet'] as const;
const BOOKINGS_KEY = [...STAFF_KEY, 'bookings'] as const;

export const useStaffSignIn = () => usePost<StaffSignInRequest, StaffSignInAnswer>('/staff/session');

export function useStaffCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCodeRequest) => api.post<StaffUser>('/staff/session/code', body),
    onSuccess: (user) => {
      // Nothing read for another session may show in this one.
      forgetStaffReads(queryClient);
      queryClient.setQueryData(STAFF_ME_KEY, user);
    },
  });
}

export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('/staff/session', { method: 'DELETE' }),
    onSettled: () => {
      forgetStaffReads(queryClient);
      queryClient.setQueryData(STAFF_ME_KEY, null);
    },
  });
}

export const useStaffPasswordChange = () =>
  usePost<StaffPasswordChangeRequest, unknown>('/staff/me/password');

export function useStaffUsers() {
  return useQuery({ queryKey: STAFF_USERS_KEY, queryFn: () => api.get<StaffUser[]>('/staff/users') });
}

export type CreatedStaffUser = CreateStaffUserAnswer;

const useUsersMutation = <V, T>(call: (values: V) => Promise<T>) =>
  useStaffChange(call, (queryClient) => queryClient.invalidateQueries({ queryKey: STAFF_USERS_KEY }));

export const useCreateStaffUser = () =>
  useUsersMutation((body: CreateStaffUserRequest) => api.post<CreatedStaffUser>('/staff/users', body));

export const useUpdateStaffUser = () =>
  useUsersMutation(({ id, ...body }: UpdateStaffUserRequest & { id: number }) =>
    api.patch<StaffUser>(`/staff/users/${id}`, body),
  );

export const useResetStaffFactor = () =>
  useUsersMutation((id: number) => api.post<unknown>(`/staff/users/${id}/reset-factor`));

export type AuditFilter = Partial<Pick<StaffAuditQuery, 'staff_user_id' | 'action' | 'from' | 'to'>> & {
  page: number;
};

export function useStaffAudit(filter: AuditFilter) {
  return useQuery({
    queryKey: [...STAFF_KEY, 'audit', filter],
    queryFn: ({ signal }) =>
      api.get<StaffAuditPage>('/staff/audit', { query: { ...filter, page_size: 50 }, signal }),
    placeholderData: (previous) => previous,
  });
}

/** A course-day's sheet; `live` reads it again every TEE_SHEET_REFRESH_MS (the sheet page), else once. */
export function useStaffTeeSheet(courseId: number, date: string, { live = true }: { live?: boolean } = {}) {
  return useQuery({
    queryKey: [...TEE_SHEET_KEY, courseId, date],
    queryFn: ({ signal }) =>
      api.get<StaffTeeSheet>('/staff/tee-sheet', { query: { course_id: courseId, date }, signal }),
    refetchInterval: live ? TEE_SHEET_REFRESH_MS : false,
    enabled: courseId > 0 && date !== '',
  });
}

/** Marks a golfer arrived, a no-show or expected again; the open sheets read again at once. */
export const useCheckIn = () =>
  useSheetChange((body: CheckInRequest) =>
    apiRequest<CheckInAnswer>('/staff/check-ins', { method: 'PUT', body }),
  );

/** What blocking a period would take out of sale (no change). */
export const useBlockPreview = () => usePost<BlockPeriodInput, BlockPreview>('/staff/blocks/preview');

const useSheetChange = <V, T>(call: (values: V) => Promise<T>) =>
  useStaffChange(call, readAgain(TEE_SHEET_KEY));

export const useCreateBlock = () =>
  useSheetChange((body: CreateBlockInput) => api.post<CreatedBlock>('/staff/blocks', body));

export const useRemoveBlock = () =>
  useSheetChange((id: number) => apiRequest<Block>(`/staff/blocks/${id}`, { method: 'DELETE' }));

export function useStaffBookingSearch(query: StaffBookingSearchQueryInput) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, query],
    queryFn: ({ signal }) => api.get<StaffBookingSearch>('/staff/bookings', { query, signal }),
    placeholderData: (previous) => previous,
  });
}

export const useStaffBooking = (bookingNumber: string) =>
  useStaffRead<StaffBookingDetail>(
    [...STAFF_KEY, 'booking', bookingNumber],
    `/staff/bookings/${bookingNumber}`,
    { retry: false },
  );

const useBookingChange = <V, T>(bookingNumber: string, call: (values: V) => Promise<T>) =>
  useStaffChange(call, readAgain([...STAFF_KEY, 'booking', bookingNumber], BOOKINGS_KEY, TEE_SHEET_KEY));

export const useRecordPayment = (bookingNumber: string) =>
  useBookingChange(bookingNumber, (body: RecordPaymentRequest) =>
    api.post<MoneyChange>(`/staff/bookings/${bookingNumber}/payments`, body),
  );

/** Names golfers of a booking, also after the operator's deadline. */
export const useStaffGolferNames = (bookingNumber: string) =>
  useBookingChange(bookingNumber, (golfers: Array<{ id: number; name: string }>) =>
    apiRequest<{ saved: number }>(`/staff/bookings/${bookingNumber}/golfer-names`, {
      method: 'PUT',
      body: { booking_id: bookingNumber, golfers },
    }),
  );

/** E-mails the booker the signed link to pay what is due by card in their own browser. */
export const useSendPaymentLink = (bookingNumber: string) =>
  useBookingChange(bookingNumber, () =>
    api.post<PaymentLinkSent>(`/staff/bookings/${bookingNumber}/payment-link`),
  );

export const useMoveDueDate = (bookingNumber: string) =>
  useBookingChange(bookingNumber, (body: DueDateRequest) =>
    api.post<MoneyChange>(`/staff/bookings/${bookingNumber}/due-date`, body),
  );

export const useCancelBooking = (bookingNumber: string) =>
  useBookingChange(bookingNumber, (body: CancelBookingRequest) =>
    api.post<CancelledBooking>(`/staff/bookings/${bookingNumber}/cancel`, body),
  );

export const useMoveRound = (bookingNumber: string) =>
  useBookingChange(bookingNumber, (body: MoveRoundRequest) =>
    api.post<MovedRound>(`/staff/bookings/${bookingNumber}/move`, body),
  );

export const useStaffCaddies = (bookingNumber: string) =>
  useBookingChange(bookingNumber, (body: StaffCaddiesRequest) =>
    apiRequest<StaffCaddiesAnswer>(`/staff/bookings/${bookingNumber}/caddies`, { method: 'PUT', body }),
  );

export const useStaffContact = (bookingNumber: string) =>
  useBookingChange(bookingNumber, (body: StaffContactRequest) =>
    api.patch<StaffContactAnswer>(`/staff/bookings/${bookingNumber}/contact`, body),
  );

/** A list the pickers choose from; it changes seldom, so it is read again at most every five minutes. */
const useStaffChoices = (list: 'player-types' | 'courses') =>
  useStaffRead<Array<{ id: number; name: string }>>([...STAFF_KEY, list], `/staff/${list}`, {
    staleTime: 5 * 60_000,
  });

export const useStaffPlayerTypes = () => useStaffChoices('player-types');

/** The courses for the pickers, from the staff API: they load while the public site is closed for maintenance. */
export const useStaffCourses = () => useStaffChoices('courses');

/** What a change would cost; reads only, so nothing is read again after it. */
export const useChangePreview = (bookingNumber: string) =>
  usePost<StaffBookingChangeRequestInput, StaffBookingChange>(
    `/staff/bookings/${bookingNumber}/change/preview`,
  );

export const useChangeBooking = (bookingNumber: string) =>
  useBookingChange(bookingNumber, (body: StaffBookingChangeRequestInput) =>
    api.post<StaffBookingChange>(`/staff/bookings/${bookingNumber}/change`, body),
  );

/** Books for a caller; the search and the tee sheets read again (the booking is on them at once). */
export const useBookForCaller = () =>
  useStaffChange(
    (body: StaffNewBookingRequestInput) => api.post<StaffNewBooking>('/staff/bookings', body),
    readAgain(BOOKINGS_KEY, TEE_SHEET_KEY),
  );

// Operations (admins): what is waiting or stuck now. Read again every half minute while open.
const OPERATIONS_KEY = [...STAFF_KEY, 'operations'] as const;
const OPERATIONS_REFRESH_MS = 30_000;

export const useStaffOperations = () =>
  useStaffRead<StaffOperations>(OPERATIONS_KEY, '/staff/operations', {
    refetchInterval: OPERATIONS_REFRESH_MS,
  });

export function useStaffMail(query: { status?: MailState | undefined; page: number }) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, 'mail', query.status ?? 'all', query.page],
    queryFn: ({ signal }) =>
      api.get<StaffMailPage>('/staff/mail', {
        query: { page: query.page, ...(query.status ? { status: query.status } : {}) },
        signal,
      }),
    refetchInterval: OPERATIONS_REFRESH_MS,
  });
}

export const useStaffMailMessage = (id: string | null) =>
  useStaffRead<StaffMailMessage>([...OPERATIONS_KEY, 'message', id], `/staff/mail/${id}`, {
    enabled: id !== null,
  });

export const useRetryMail = () =>
  useStaffChange(
    (id: string) => api.post<{ id: string; status: 'pending' }>(`/staff/mail/${id}/retry`, {}),
    readAgain(OPERATIONS_KEY),
  );

export const useSwitchMaintenance = () =>
  useStaffChange(
    (enabled: boolean) =>
      apiRequest<MaintenanceStatus>('/staff/maintenance', { method: 'PUT', body: { enabled } }),
    readAgain(OPERATIONS_KEY),
  );

// Tour operators: the list and one operator's page read; an admin's change reads both again.
const OPERATORS_KEY = [...STAFF_KEY, 'operators'] as const;

export const useStaffOperators = () => useStaffRead<StaffOperator[]>(OPERATORS_KEY, '/staff/operators');

export const useStaffOperator = (id: number) =>
  useStaffRead<StaffOperatorDetail>([...OPERATORS_KEY, id], `/staff/operators/${id}`);

const useOperatorsMutation = <V, T>(call: (values: V) => Promise<T>) =>
  useStaffChange(call, (queryClient) => queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }));

export const useCreateOperator = () =>
  useOperatorsMutation((body: CreateOperatorRequest) => api.post<StaffOperator>('/staff/operators', body));

export const useUpdateOperator = (id: number) =>
  useOperatorsMutation((body: UpdateOperatorRequest) =>
    api.patch<StaffOperator>(`/staff/operators/${id}`, body),
  );

export const useSendOperatorLink = (id: number) =>
  useOperatorsMutation(() => api.post<{ sent_to: string }>(`/staff/operators/${id}/password-link`));

// Prices: green fees read by the desk, changed by admins; the preview prices with the public flow's code.
const PRICES_KEY = [...STAFF_KEY, 'prices'] as const;

export const useStaffPrices = () => useStaffRead<StaffPrices>(PRICES_KEY, '/staff/prices');

/** A price change: its answer is the whole prices page, stored as the page's read (`prices` picks it out). */
const usePricesChange = <V, T>(
  call: (values: V) => Promise<T>,
  prices: (answer: T) => StaffPrices = (answer) => answer as StaffPrices,
) => useStaffChange(call, (queryClient, answer) => queryClient.setQueryData(PRICES_KEY, prices(answer)));

export const useChangeGreenFee = () =>
  usePricesChange((body: GreenFeeChange) =>
    apiRequest<StaffPrices>('/staff/prices/green-fees', { method: 'PUT', body }),
  );

export const usePricePreview = () => usePost<TicketPricesBody, PricedBooking>('/staff/prices/preview');

export const useCreateSeason = () =>
  usePricesChange((body: NewSeason) => api.post<StaffPrices>('/staff/seasons', body));

export const useChangeClosingDate = () =>
  usePricesChange(
    (body: ClosingDateChange) =>
      apiRequest<ClosingDateAnswer>('/staff/courses/closing-date', { method: 'PUT', body }),
    (answer) => answer.prices,
  );

export const useCreateCaddieRange = () =>
  usePricesChange((body: NewCaddieRange) => api.post<StaffPrices>('/staff/caddie-ranges', body));

export const useChangeCaddieFee = () =>
  usePricesChange(({ id, price }: { id: number; price: number }) =>
    apiRequest<StaffPrices>(`/staff/caddie-ranges/${id}`, { method: 'PUT', body: { price } }),
  );

/** Adds a combination (`id` null) or changes one's name, courses and days of the year. */
export const useSavePackage = () =>
  usePricesChange(({ id, body }: { id: number | null; body: PackageDetailsInput }) =>
    id === null
      ? api.post<StaffPrices>('/staff/packages', body)
      : apiRequest<StaffPrices>(`/staff/packages/${id}`, { method: 'PUT', body }),
  );

export const useChangePackagePrice = () =>
  usePricesChange((body: PackagePriceChange) =>
    apiRequest<StaffPrices>('/staff/prices/packages', { method: 'PUT', body }),
  );

const TEE_WINDOWS_KEY = [...STAFF_KEY, 'tee-windows'] as const;

export const useStaffTeeWindows = () => useStaffRead<StaffTeeWindows>(TEE_WINDOWS_KEY, '/staff/tee-windows');

export const useTeeWindowPreview = () =>
  usePost<TeeWindowChangeInput, TeeWindowPreview>('/staff/tee-windows/preview');

export const useChangeTeeWindows = () =>
  useStaffChange(
    (body: TeeWindowChangeInput) =>
      apiRequest<TeeWindowChangeAnswer>('/staff/tee-windows', { method: 'PUT', body }),
    (queryClient, answer) => {
      queryClient.setQueryData(TEE_WINDOWS_KEY, answer.tee_windows);
      // The tee sheet's days change with the windows.
      readAgain(TEE_SHEET_KEY)(queryClient);
    },
  );
