/** @jsxRuntime automatic */

import { Fragment } from 'react';
import type { LocalOutboxEntry } from './local-outbox-transport.ts';

const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:32px;color:#17211c;background:#fbf8f2}h1{font-family:Georgia,serif;color:#0f2e22}table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #ebe1cb}a{color:#1d5240}';

const fileHref = (file: string) => `/dev/outbox/${encodeURIComponent(file)}`;

/** The local outbox as a page (development only): each message's time, recipient, subject and files. */
function DevOutboxPage({
  entries,
  transportKind,
}: {
  entries: LocalOutboxEntry[];
  transportKind: 'smtp' | 'local';
}) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Local mail outbox</title>
        <style>{PAGE_STYLE}</style>
      </head>
      <body>
        <h1>Local mail outbox</h1>
        <p>
          {transportKind === 'smtp'
            ? 'SMTP_URL is set, so new mail goes to the SMTP server; this list shows what was written locally before.'
            : 'SMTP_URL is not set, so mail is written here instead of being sent.'}
        </p>
        {entries.length === 0 ? (
          <p>No messages yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>Written</th>
                <th>To</th>
                <th>Subject</th>
                <th>Raw</th>
                <th>Attachments</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{new Date(entry.date).toLocaleString('en-GB', { timeZone: 'Europe/London' })}</td>
                  <td>{entry.to}</td>
                  <td>
                    <a href={fileHref(entry.html)}>{entry.subject}</a>
                  </td>
                  <td>
                    <a href={fileHref(entry.eml)}>.eml</a>
                  </td>
                  <td>
                    {(entry.attachments ?? []).map((attachment, index) => (
                      <Fragment key={attachment.file}>
                        {index > 0 ? <br /> : null}
                        <a href={fileHref(attachment.file)}>{attachment.filename}</a>
                      </Fragment>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </body>
    </html>
  );
}

/** The page's HTML; React escapes every value. react-dom/server is loaded at the first request, in development only. */
export async function renderDevOutboxPage(
  entries: LocalOutboxEntry[],
  transportKind: 'smtp' | 'local',
): Promise<string> {
  const { renderToStaticMarkup } = await import('react-dom/server');
  return `<!doctype html>\n${renderToStaticMarkup(<DevOutboxPage entries={entries} transportKind={transportKind} />)}`;
}
