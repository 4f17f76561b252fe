import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import styles from './combination-rates.module.css';

// Spec section 9, "Published tee-time windows (dark times may alter them)".
const teeTimeWindows = [
  {
    course: 'Championship',
    weekdays: '09:00–12:20 and 13:30–15:50',
    saturday: '14:00–16:50',
    sunday: '11:30–16:50',
  },
  {
    course: 'Burnside',
    weekdays: '10:00–12:20 and 14:00–15:50',
    saturday: '14:00–17:50',
    sunday: '12:00–17:50',
  },
  {
    course: 'Buddon Links',
    weekdays: '09:00–12:20 and 13:30–15:50',
    saturday: '14:00–17:50',
    sunday: '12:00–17:50',
  },
];

/** Body of the 'Booking Combination Rates' dialog. */
export function CombinationRates({ onClose }: { onClose: () => void }) {
  return (
    <div className={styles.content}>
      <section>
        <h3 className={styles.heading}>Tee-time windows</h3>
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col">Monday to Friday</th>
                <th scope="col">Saturday</th>
                <th scope="col">Sunday</th>
              </tr>
            </thead>
            <tbody>
              {teeTimeWindows.map((row) => (
                <tr key={row.course}>
                  <th scope="row">{row.course}</th>
                  <td>{row.weekdays}</td>
                  <td>{row.saturday}</td>
                  <td>{row.sunday}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>Dark times may alter these windows.</p>
      </section>
      <section>
        <h3 className={styles.heading}>How combination rates work</h3>
        <ul className={styles.list}>
          <li>Combination packages are valid from 1 April to 31 October each year.</li>
          <li>All of your tee times must fall within a seven-day period.</li>
          <li>The best combination for your rounds is applied automatically.</li>
        </ul>
      </section>
      <section>
        <h3 className={styles.heading}>Optional extras</h3>
        <p>
          Golf trolley hire, 3-wheel push trolleys, electric trolleys and rental clubs are available. Request
          them in your booking notes or by contacting our reservations team.
        </p>
      </section>
      <section>
        <h3 className={styles.heading}>Reservations</h3>
        <p>
          Telephone <a href={`tel:${env.reservationsPhone.replace(/\s+/g, '')}`}>{env.reservationsPhone}</a>{' '}
          or e-mail <a href={`mailto:${env.reservationsEmail}`}>{env.reservationsEmail}</a>.
        </p>
      </section>
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
