import { useEffect } from 'react';
import { env } from '@/config/env';

export function formatPageTitle(title: string): string {
  return `${title} | ${env.productName}`;
}

/** Sets the document title to the spec's page title followed by the product name. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
