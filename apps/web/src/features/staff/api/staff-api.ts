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

export function useStaffSignIn() {
  return useMutation({
    mutationFn: (body: StaffSignInRequest) => api.post<StaffSignInAnswer>('/staff/session', body),
  });
}

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

export function useStaffPasswordChange() {
  return useMutation({
    mutationFn: (body: StaffPasswordChangeRequest) => api.post<unknown>('/staff/me/password', body),
  });
}

export function useStaffUsers() {
  return useQuery({ queryKey: STAFF_USERS_KEY, queryFn: () => api.get<StaffUser[]>('/staff/users') });
}

export type CreatedStaffUser = CreateStaffUserAnswer;

function useUsersMutation<V, T>(call: (values: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_USERS_KEY }),
  });
}

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
    queryKey: [...STAFF_KEY, 'tee-sheet', courseId, date],
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
export function useBlockPreview() {
  return useMutation({
    mutationFn: (body: BlockPeriodInput) => api.post<BlockPreview>('/staff/blocks/preview', body),
  });
}

function useSheetChange<V, T>(call: (values: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Not awaited, as in useBookingChange: the caller's onSuccess runs before the sheet is read again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'tee-sheet'] });
    },
  });
}

export const useCreateBlock = () =>
  useSheetChange((body: CreateBlockInput) => api.post<CreatedBlock>('/staff/blocks', body));

export const useRemoveBlock = () =>
  useSheetChange((id: number) => apiRequest<Block>(`/staff/blocks/${id}`, { method: 'DELETE' }));

export function useStaffBookingSearch(query: StaffBookingSearchQueryInput) {
  return useQuery({
    queryKey: [...STAFF_KEY, 'bookings', query],
    queryFn: ({ signal }) => api.get<StaffBookingSearch>('/staff/bookings', { query, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useStaffBooking(bookingNumber: string) {
  return useQuery({
    queryKey: [...STAFF_KEY, 'booking', bookingNumber],
    queryFn: ({ signal }) => api.get<StaffBookingDetail>(`/staff/bookings/${bookingNumber}`, { signal }),
    retry: false,
  });
}

function useBookingChange<V, T>(bookingNumber: string, call: (values: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Not awaited: the caller's own onSuccess (its message) must run before the page reads the booking again, which
    // may remove the form that made the change (a cancelled booking has no cancel form) and with it that callback.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'booking', bookingNumber] });
      void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'bookings'] });
      void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'tee-sheet'] });
    },
  });
}

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

export function useStaffPlayerTypes() {
  return useQuery({
    queryKey: [...STAFF_KEY, 'player-types'],
    queryFn: ({ signal }) => api.get<Array<{ id: number; name: string }>>('/staff/player-types', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The courses for the pickers, from the staff API: they load while the public site is closed for maintenance. */
export function useStaffCourses() {
  return useQuery({
    queryKey: [...STAFF_KEY, 'courses'],
    queryFn: ({ signal }) => api.get<Array<{ id: number; name: string }>>('/staff/courses', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** What a change would cost; reads only, so nothing is read again after it. */
export const useChangePreview = (bookingNumber: string) =>
  useMutation({
    mutationFn: (body: StaffBookingChangeRequestInput) =>
      api.post<StaffBookingChange>(`/staff/bookings/${bookingNumber}/change/preview`, body),
  });

export const useChangeBooking = (bookingNumber: string) =>
  useBookingChange(bookingNumber, (body: StaffBookingChangeRequestInput) =>
    api.post<StaffBookingChange>(`/staff/bookings/${bookingNumber}/change`, body),
  );

/** Books for a caller; the search and the tee sheets read again (the booking is on them at once). */
export function useBookForCaller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffNewBookingRequestInput) => api.post<StaffNewBooking>('/staff/bookings', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'bookings'] });
      void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'tee-sheet'] });
    },
  });
}

// Operations (admins): what is waiting or stuck now. Read again every half minute while open.
const OPERATIONS_KEY = [...STAFF_KEY, 'operations'] as const;
const OPERATIONS_REFRESH_MS = 30_000;

export function useStaffOperations() {
  return useQuery({
    queryKey: OPERATIONS_KEY,
    queryFn: ({ signal }) => api.get<StaffOperations>('/staff/operations', { signal }),
    refetchInterval: OPERATIONS_REFRESH_MS,
  });
}

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

export function useStaffMailMessage(id: string | null) {
  return useQuery({
    queryKey: [...OPERATIONS_KEY, 'message', id],
    queryFn: ({ signal }) => api.get<StaffMailMessage>(`/staff/mail/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ id: string; status: 'pending' }>(`/staff/mail/${id}/retry`, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY });
    },
  });
}

export function useSwitchMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest<MaintenanceStatus>('/staff/maintenance', { method: 'PUT', body: { enabled } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY });
    },
  });
}

// Tour operators: the list and one operator's page read; an admin's change reads both again.
const OPERATORS_KEY = [...STAFF_KEY, 'operators'] as const;

export function useStaffOperators() {
  return useQuery({
    queryKey: OPERATORS_KEY,
    queryFn: ({ signal }) => api.get<StaffOperator[]>('/staff/operators', { signal }),
  });
}

export function useStaffOperator(id: number) {
  return useQuery({
    queryKey: [...OPERATORS_KEY, id],
    queryFn: ({ signal }) => api.get<StaffOperatorDetail>(`/staff/operators/${id}`, { signal }),
  });
}

function useOperatorsMutation<V, T>(call: (values: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }),
  });
}

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

export function useStaffPrices() {
  return useQuery({
    queryKey: PRICES_KEY,
    queryFn: ({ signal }) => api.get<StaffPrices>('/staff/prices', { signal }),
  });
}

export function useChangeGreenFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GreenFeeChange) =>
      apiRequest<StaffPrices>('/staff/prices/green-fees', { method: 'PUT', body }),
    onSuccess: (prices) => queryClient.setQueryData(PRICES_KEY, prices),
  });
}

export function usePricePreview() {
  return useMutation({
    mutationFn: (body: TicketPricesBody) => api.post<PricedBooking>('/staff/prices/preview', body),
  });
}

export function useCreateSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSeason) => api.post<StaffPrices>('/staff/seasons', body),
    onSuccess: (prices) => queryClient.setQueryData(PRICES_KEY, prices),
  });
}

export function useChangeClosingDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClosingDateChange) =>
      apiRequest<ClosingDateAnswer>('/staff/courses/closing-date', { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(PRICES_KEY, answer.prices),
  });
}

export function useCreateCaddieRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCaddieRange) => api.post<StaffPrices>('/staff/caddie-ranges', body),
    onSuccess: (prices) => queryClient.setQueryData(PRICES_KEY, prices),
  });
}

export function useChangeCaddieFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, price }: { id: number; price: number }) =>
      apiRequest<StaffPrices>(`/staff/caddie-ranges/${id}`, { method: 'PUT', body: { price } }),
    onSuccess: (prices) => queryClient.setQueryData(PRICES_KEY, prices),
  });
}

/** Adds a combination (`id` null) or changes one's name, courses and days of the year. */
export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PackageDetailsInput }) =>
      id === null
        ? api.post<StaffPrices>('/staff/packages', body)
        : apiRequest<StaffPrices>(`/staff/packages/${id}`, { method: 'PUT', body }),
    onSuccess: (prices) => queryClient.setQueryData(PRICES_KEY, prices),
  });
}

export function useChangePackagePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PackagePriceChange) =>
      apiRequest<StaffPrices>('/staff/prices/packages', { method: 'PUT', body }),
    onSuccess: (prices) => queryClient.setQueryData(PRICES_KEY, prices),
  });
}

const TEE_WINDOWS_KEY = [...STAFF_KEY, 'tee-windows'] as const;

export function useStaffTeeWindows() {
  return useQuery({
    queryKey: TEE_WINDOWS_KEY,
    queryFn: ({ signal }) => api.get<StaffTeeWindows>('/staff/tee-windows', { signal }),
  });
}

export function useTeeWindowPreview() {
  return useMutation({
    mutationFn: (body: TeeWindowChangeInput) =>
      api.post<TeeWindowPreview>('/staff/tee-windows/preview', body),
  });
}

export function useChangeTeeWindows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeeWindowChangeInput) =>
      apiRequest<TeeWindowChangeAnswer>('/staff/tee-windows', { method: 'PUT', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(TEE_WINDOWS_KEY, answer.tee_windows);
      // The tee sheet's days change with the windows.
      void queryClient.invalidateQueries({ queryKey: [...STAFF_KEY, 'tee-sheet'] });
    },
  });
}
