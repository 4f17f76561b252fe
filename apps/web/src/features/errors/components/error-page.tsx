import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import styles from './error-page.module.css';

export const UNKNOWN_ERROR = 'An unknown error occurred';

type ErrorPageProps = { status?: number; statusText?: string };

function FlagIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 88 88" fill="none" aria-hidden="true" focusable="false">
      <ellipse cx="44" cy="76" rx="30" ry="6" fill="currentColor" opacity="0.12" />
      <path d="M36 76V12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path d="M37 13h30l-8 10 8 10H37z" fill="#b08d3e" />
      <circle cx="60" cy="71" r="5" fill="#fff" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export default function ErrorPage({ status, statusText }: ErrorPageProps) {
  usePageTitle(status ? String(status) : UNKNOWN_ERROR);
  const label = status ? [status, statusText].filter(Boolean).join(' ') : UNKNOWN_ERROR;
  return (
    <section className={styles.page} aria-labelledby="error-title">
      <div className={`container ${styles.inner}`}>
        <p className={styles.status}>{label}</p>
        <FlagIcon className={styles.flag} />
        <h1 id="error-title" className={styles.title}>
          A swing and a miss!
        </h1>
        <p className={styles.text}>Sorry, it looks like you found a little problem</p>
        <div className={styles.actions}>
          <ButtonLink to={paths.home.getHref()} size="lg">
            Back to home
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
