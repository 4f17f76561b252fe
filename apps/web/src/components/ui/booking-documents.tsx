import type { Confirmation } from '@links/shared/schemas/confirmation';

type BookingDocument = NonNullable<Confirmation['invoices']>[number];

/**
 * A booking's VAT invoices and credit notes under their heading, each a link that downloads its PDF, followed by the
 * amount and date as the page writes them; nothing while there is none.
 */
export function BookingDocuments({
  documents,
  detail,
  headingClassName,
  listClassName,
}: {
  documents: BookingDocument[] | undefined;
  /** The text after the link. */
  detail: (document: BookingDocument) => string;
  headingClassName: string | undefined;
  listClassName: string | undefined;
}) {
  if (!documents || documents.length === 0) return null;
  return (
    <>
      <h3 className={headingClassName}>VAT invoices and credit notes</h3>
      <ul className={listClassName}>
        {documents.map((document) => (
          <li key={document.number}>
            <a href={document.url} download={`${document.number}.pdf`}>
              {`${document.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${document.number}`}
            </a>
            {detail(document)}
          </li>
        ))}
      </ul>
    </>
  );
}
