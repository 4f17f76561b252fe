import { packageDetailsSchema, type StaffPrices } from '@links/shared/schemas/staff-prices';
import { useState } from 'react';
import { SelectField, TextField } from '@/components/ui/form-field';
import { useSavePackage } from '../api/staff-api';
import { ChangeForm, useDraft } from './staff-kit';
import { CheckboxGroup, fieldProblems } from './staff-parts';
import sheet from './tee-sheet.module.css';

// Admins add a combination package or change one's name, courses and days of the year (issue 23); its prices per
// player type are set in the form beside it. Days are typed as staff write them (dd/mm) and sent as the API's MM-dd.

type Package = StaffPrices['packages'][number];

/** 'MM-dd' as 'dd/mm'. */
export const dayMonthOf = (monthDay: string) => `${monthDay.slice(3)}/${monthDay.slice(0, 2)}`;

/** 'd/m' or 'dd/mm' as 'MM-dd'; anything else passes through for the shared schema to refuse. */
export function monthDayOf(dayMonth: string): string {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{1,2})\s*$/.exec(dayMonth);
  return match ? `${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : dayMonth.trim();
}

/** The first and last day of the year, typed as dd/mm; the schema's problem with each is shown beside it. */
const DAY_FIELDS = [
  { name: 'from', label: 'First day (dd/mm)', hint: 'Every year.', problem: 'valid_from' },
  {
    name: 'to',
    label: 'Last day (dd/mm)',
    hint: 'Included; before the first day runs over the new year.',
    problem: 'valid_to',
  },
] as const;

type Draft = { name: string; course_ids: number[]; from: string; to: string };

const draftOf = (pkg: Package | undefined): Draft =>
  pkg
    ? {
        name: pkg.name,
        course_ids: pkg.course_ids,
        from: dayMonthOf(pkg.valid_from),
        to: dayMonthOf(pkg.valid_to),
      }
    : { name: '', course_ids: [], from: '01/04', to: '31/10' };

export function PackageDetailsForm({
  prices,
  mode,
  onDone,
}: {
  prices: StaffPrices;
  mode: 'change' | 'add';
  onDone: (message: string) => void;
}) {
  const save = useSavePackage();
  const [packageId, setPackageId] = useState(mode === 'change' ? (prices.packages[0]?.id ?? null) : null);
  const { draft, setDraft, problems, setProblems, field } = useDraft<Draft>(() =>
    draftOf(prices.packages.find((pkg) => pkg.id === packageId)),
  );
  const title = mode === 'change' ? 'Change a combination' : 'Add a combination';
  const courseName = (courseId: number) =>
    prices.courses.find((course) => course.id === courseId)?.name ?? '';

  function submit() {
    const body = {
      name: draft.name,
      course_ids: draft.course_ids,
      valid_from: monthDayOf(draft.from),
      valid_to: monthDayOf(draft.to),
    };
    const parsed = packageDetailsSchema.safeParse(body);
    if (!parsed.success) {
      setProblems(fieldProblems(parsed.error));
      return;
    }
    setProblems({});
    save.mutate(
      { id: packageId, body },
      {
        onSuccess: () => {
          const courses = parsed.data.course_ids.map(courseName).join(' + ');
          onDone(
            mode === 'change'
              ? `${parsed.data.name} (${courses}) applies from ${dayMonthOf(parsed.data.valid_from)} to ${dayMonthOf(parsed.data.valid_to)}, for bookings made from now on.`
              : `${parsed.data.name} (${courses}) was added: set its price for each player type below.`,
          );
          if (mode === 'add') setDraft(draftOf(undefined));
        },
      },
    );
  }

  return (
    <>
      <h3 className={sheet['sub-head']}>{title}</h3>
      <ChangeForm
        label={title}
        mutation={save}
        failed="The combination could not be saved"
        busy="Saving..."
        submit={mode === 'change' ? 'Save the combination' : 'Add the combination'}
        onSubmit={submit}
      >
        {mode === 'change' ? (
          <SelectField
            label="Combination"
            value={String(packageId ?? '')}
            onChange={(event) => {
              const next = Number(event.target.value);
              setPackageId(next);
              setDraft(draftOf(prices.packages.find((pkg) => pkg.id === next)));
            }}
            options={prices.packages.map((pkg) => ({ value: String(pkg.id), label: pkg.name }))}
          />
        ) : null}
        <TextField label="Name" autoComplete="off" {...field('name')} />
        <CheckboxGroup
          legend="Courses"
          options={prices.courses.map((course) => ({ value: course.id, label: course.name }))}
          chosen={draft.course_ids}
          error={problems.course_ids}
          onChange={(course_ids) => setDraft({ ...draft, course_ids })}
        />
        {DAY_FIELDS.map(({ name, label, hint, problem }) => (
          <TextField
            key={name}
            label={label}
            autoComplete="off"
            hint={hint}
            {...field(name)}
            error={problems[problem]}
          />
        ))}
      </ChangeForm>
    </>
  );
}
