import { useEffect } from 'react';
import { APP_NAME } from '#shared/constants';

// spec §1: page titles are the page name followed by the product name.
export function pageTitle(page: string): string {
  return `${page} | ${APP_NAME}`;
}

export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
