import { type ReactNode, Suspense } from 'react';
import { PageLoading } from './page-loading';
import styles from './root-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

type RootLayoutProps = { header: ReactNode; footer: ReactNode; children: ReactNode };

export function RootLayout({ header, footer, children }: RootLayoutProps) {
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      {header}
      <main id={MAIN_CONTENT_ID} className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      {footer}
    </div>
  );
}
