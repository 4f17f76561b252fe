import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ModalProvider } from '@/components/ui/modal';

/** Renders inside a fresh query client (no retries) and the modal provider; seed data with `seed`. */
export function renderWithProviders(ui: ReactElement, seed?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed?.(client);
  const result = render(
    <QueryClientProvider client={client}>
      <ModalProvider>{ui}</ModalProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
