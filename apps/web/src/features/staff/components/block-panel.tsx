import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BlockPeriod,
  type BlockPeriodInput,
  type BlockPreview,
  blockPeriodSchema,
} from '@links/shared/schemas/staff-blocks';
import { Fragment, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldBinder, SelectField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/form-status';
import { useBlockPreview, useCreateBlock } from '../api/staff-api';
import styles from './staff.module.css';
import { MutationFailure } from './staff-kit';
import sheet from './tee-sheet.module.css';
import { BLOCK_LABELS, blockSpan, STATE_LABELS, teeTimeOf } from './tee-sheet-labels';

const FAILED = 'Please try again in a moment.';

/** The period's two ends, each a day and a time that may be left empty. */
const PERIOD_ENDS = [
  { end: 'from', label: 'From', timeHint: 'Empty: the start of the day.' },
  { end: 'until', label: 'Until', timeHint: 'Not included. Empty: the end of the day.' },
] as const;

type BlockPanelProps = {
  courseId: number;
  courseName: string;
  date: string;
  onDone: (message: string) => void;
  onClose: () => void;
};

/**
 * Reservations and admins: take a period of this course out of sale. 'Check' shows what it covers and the bookings
 * and holds inside, which keep their places; blocking over them is a second, explicit step.
 */
export function BlockPanel({ courseId, courseName, date, onDone, onClose }: BlockPanelProps) {
  const preview = useBlockPreview();
  const create = useCreateBlock();
  const [checked, setChecked] = useState<{ values: BlockPeriodInput; answer: BlockPreview } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    formState: { errors },
  } = useForm<BlockPeriodInput, unknown, BlockPeriod>({
    resolver: zodResolver(blockPeriodSchema),
    defaultValues: {
      course_id: courseId,
      from_date: date,
      from_time: '',
      until_date: date,
      until_time: '',
      reason: 'competition',
      note: '',
    },
  });
  const field = fieldBinder(register, errors);
  // A changed field voids the check: what is blocked is always what was shown.
  useEffect(() => {
    const subscription = watch(() => setChecked(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  // What was typed goes to the API (it reads UK dates and times itself), once the shared schema accepts it here.
  const onCheck = handleSubmit(() => {
    const values = { ...getValues(), course_id: courseId };
    preview.mutate(values, { onSuccess: (answer) => setChecked({ values, answer }) });
  });

  function block() {
    if (!checked) return;
    create.mutate(
      { ...checked.values, confirm: checked.answer.bookings.length > 0 },
      {
        onSuccess: (created) => {
          const kept = created.bookings.length;
          onDone(
            `Blocked ${blockSpan(created.block)}: ${BLOCK_LABELS[created.block.reason]}.${
              kept > 0 ? ` ${kept} ${kept === 1 ? 'booking keeps its' : 'bookings keep their'} places.` : ''
            }`,
          );
          onClose();
        },
      },
    );
  }

  const inside = checked?.answer.bookings ?? [];
  return (
    <section className={styles.panel} aria-labelledby="block-tee-times">
      <h2 id="block-tee-times">Block tee times on the {courseName}</h2>
      <MutationFailure mutation={[preview, create]} title="The block could not be made" fallback={FAILED} />
      <form className={styles['form-grid']} onSubmit={onCheck} noValidate aria-labelledby="block-tee-times">
        {PERIOD_ENDS.map(({ end, label, timeHint }) => (
          <Fragment key={end}>
            <TextField label={`${label} day`} type="date" {...field(`${end}_date`)} />
            <TextField
              label={`${label} time`}
              type="time"
              optional
              hint={timeHint}
              {...field(`${end}_time`)}
            />
          </Fragment>
        ))}
        <SelectField
          label="Reason"
          options={Object.entries(BLOCK_LABELS).map(([value, label]) => ({ value, label }))}
          {...field('reason')}
        />
        <TextField label="Note" optional {...field('note')} />
        <div className={`${styles['form-actions']} ${sheet.tools}`}>
          <SubmitButton pending={preview.isPending} busy="Checking...">
            Check period
          </SubmitButton>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
      {checked ? (
        <div className={sheet.preview} role="status">
          <p>
            {checked.answer.tee_times === 0
              ? 'No tee time in this period is on sale now.'
              : `This takes ${checked.answer.tee_times} ${checked.answer.tee_times === 1 ? 'tee time' : 'tee times'} out of sale.`}
          </p>
          {inside.length > 0 ? (
            <>
              <p>
                <strong>
                  {inside.length} {inside.length === 1 ? 'booking or hold is' : 'bookings or holds are'}{' '}
                  inside.
                </strong>{' '}
                They keep their places; move or cancel each as you decide.
              </p>
              <ul className={sheet['inside-list']}>
                {inside.map((booking) => (
                  <li key={`${booking.booking_number}-${booking.starts_at}`}>
                    {teeTimeOf(booking.starts_at)} ·{' '}
                    <span className={sheet.number}>{booking.booking_number}</span> ·{' '}
                    {booking.lead_name || 'No details yet'} · {booking.players}{' '}
                    {booking.players === 1 ? 'golfer' : 'golfers'} · {STATE_LABELS[booking.state]}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <div className={sheet.tools}>
            <Button onClick={block} disabled={create.isPending} aria-busy={create.isPending}>
              {inside.length > 0 ? 'Block anyway' : 'Block these tee times'}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
