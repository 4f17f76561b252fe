import { formatMoney } from '@links/shared/money';
import {
  LEAD_TIME_BUCKETS,
  REPORT_GRAINS,
  type ReportGrain,
  type ReportQuery,
  type StaffReport,
} from '@links/shared/schemas/staff-reports';
import { addDays, todayInLondon } from '@links/shared/uk-time';
import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '@/lib/api-client';
import { csvText, downloadCsv } from '@/lib/csv';
import styles from '../staff.module.css';
import { FilterField, FilterForm, Loaded, Options, optionsOf, StaffPage, useDraft } from '../staff-kit';
import { TableFrame } from '../table-frame';
import { PlotChart } from './plot-chart';
import css from './reports.module.css';

// /staff/reports (issue 23): one period of play seen seven ways. Each section is a chart (Observable Plot, loaded
// with this page only), the same figures as a table (the chart's text alternative) and a CSV file of that table.

const COURSE_COLOURS = ['#1f4d3a', '#b8893b', '#6b8fa3'];
const BAR = '#1f4d3a';
const WEEKDAYS = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const GRAIN_WORDS: Record<ReportGrain, string> = { day: 'Day', week: 'Week', month: 'Month' };
const PERIOD = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'short', year: 'numeric' });
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

function periodLabel(period: string, grain: ReportGrain): string {
  const date = new Date(`${period}T00:00:00Z`);
  if (grain === 'month') return MONTH.format(date);
  return grain === 'week' ? `w/c ${PERIOD.format(date)}` : PERIOD.format(date);
}

function useStaffReport(query: ReportQuery) {
  return useQuery({
    queryKey: ['staff', 'reports', query],
    queryFn: ({ signal }) => api.get<StaffReport>('/staff/reports', { query, signal }),
    placeholderData: (previous) => previous,
  });
}

type Column = { label: string; numeric?: boolean };

/** A breakdown's columns and rows: each part by its `name`, the number its `count` holds, and its share of them all. */
function shareTable<T extends Record<string, unknown>>(
  parts: readonly T[],
  name: keyof T & string,
  count: keyof T & string,
  [named, counted]: [string, string],
): { columns: Column[]; rows: (string | number)[][] } {
  const whole = parts.reduce((sum, each) => sum + Number(each[count]), 0);
  return {
    columns: [{ label: named }, { label: counted, numeric: true }, { label: 'Share', numeric: true }],
    rows: parts.map((each) => [
      String(each[name]),
      Number(each[count]),
      `${percent(Number(each[count]), whole)}%`,
    ]),
  };
}

function ReportTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: Column[];
  rows: (string | number)[][];
}) {
  return (
    <TableFrame label={`${caption} table`}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? css.number : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join('|')}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={columns[index]?.label} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td
                    key={columns[index]?.label}
                    className={columns[index]?.numeric ? css.number : undefined}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** A report's section: heading, CSV button, chart and the same figures as a table. */
function Section({
  title,
  summary,
  file,
  columns,
  rows,
  chart,
  legend,
  children,
}: {
  title: string;
  summary: string;
  file: string;
  columns: Column[];
  rows: (string | number)[][];
  chart: ((width: number) => Element) | null;
  legend?: React.ReactNode;
  /** Charts of its own, where one chart per part reads better than one (the heat map per course). */
  children?: React.ReactNode;
}) {
  const id = `report-${file}`;
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <div className={css.head}>
        <h2 id={id}>{title}</h2>
        <button
          type="button"
          className={styles['table-button']}
          aria-label={`Download CSV: ${title}`}
          onClick={() =>
            downloadCsv(`${file}.csv`, csvText([columns.map((column) => column.label), ...rows]))
          }
        >
          Download CSV
        </button>
      </div>
      <p className={styles.note}>{summary}</p>
      {legend}
      {chart ? <PlotChart label={`${title}: ${summary}`} draw={chart} /> : null}
      {children}
      <ReportTable caption={title} columns={columns} rows={rows} />
    </section>
  );
}

function CourseLegend({ courses }: { courses: string[] }) {
  return (
    <ul className={css.legend} aria-label="Courses">
      {courses.map((course, index) => (
        <li key={course}>
          <span className={`${css.swatch} ${css[`course-${index + 1}`]}`} aria-hidden="true" />
          {course}
        </li>
      ))}
    </ul>
  );
}

function horizontalBars<T extends Record<string, unknown>>(
  rows: T[],
  y: keyof T & string,
  x: keyof T & string,
  format: (value: number) => string,
  domain?: readonly string[],
) {
  return (width: number) =>
    Plot.plot({
      width,
      height: Math.max(90, rows.length * 30 + 40),
      // Room for the labels without squeezing the bars on a phone.
      marginLeft: Math.min(170, Math.round(width * 0.4)),
      marginRight: 70,
      // Counts and pounds: whole ticks only (no '0.5 bookings').
      x: {
        grid: true,
        label: null,
        tickFormat: (tick: number) => (Number.isInteger(tick) ? format(tick) : ''),
      },
      y: { label: null, domain: domain ? [...domain] : rows.map((row) => String(row[y])) },
      marks: [
        Plot.barX(rows, { x, y, fill: BAR }),
        Plot.text(rows, {
          x,
          y,
          text: (row: T) => format(Number(row[x])),
          dx: 6,
          textAnchor: 'start',
          fill: 'currentColor',
        }),
        Plot.ruleX([0]),
      ],
    });
}

/** Everything the page shows of one report, worked out once per answer (the charts redraw only when it changes). */
function reportView(report: StaffReport) {
  const courses = [...new Set(report.sales.map((row) => row.course))];
  const totals = report.sales.reduce(
    (sum, row) => ({
      rounds: sum.rounds + row.rounds,
      golfers: sum.golfers + row.golfers,
      revenue: sum.revenue + row.revenue,
    }),
    { rounds: 0, golfers: 0, revenue: 0 },
  );
  const periods = [...new Set(report.sales.map((row) => row.period))];
  const labelEvery = Math.max(1, Math.ceil(periods.length / 12));
  const salesChart = (width: number) =>
    Plot.plot({
      width,
      height: 280,
      marginLeft: 64,
      x: {
        type: 'band',
        label: null,
        domain: periods,
        tickFormat: (period: string, index: number) =>
          index % labelEvery === 0 ? periodLabel(period, report.grain) : '',
      },
      y: {
        grid: true,
        label: 'Green fees (£)',
        tickFormat: (pounds: number) => `£${pounds.toLocaleString('en-GB')}`,
      },
      color: { domain: courses, range: COURSE_COLOURS },
      marks: [
        Plot.barY(report.sales, {
          x: 'period',
          y: (row: StaffReport['sales'][number]) => row.revenue / 100,
          fill: 'course',
          title: (row: StaffReport['sales'][number]) =>
            `${row.course}, ${periodLabel(row.period, report.grain)}: ${formatMoney(row.revenue)}`,
        }),
        Plot.ruleY([0]),
      ],
    });

  const utilisation = report.utilisation.map((cell) => ({
    ...cell,
    percent: percent(cell.booked, cell.capacity),
  }));
  const hours = [...new Set(utilisation.map((cell) => cell.hour))].sort((a, b) => a - b);
  /** One course's heat map: weekdays down, hours across, each cell's percentage printed when there is room. */
  const heatChart = (course: string) => (width: number) => {
    const cells = utilisation.filter((cell) => cell.course === course);
    const cellWidth = (width - 48) / Math.max(1, hours.length);
    return Plot.plot({
      width,
      height: 200,
      marginLeft: 40,
      marginRight: 8,
      padding: 0.06,
      x: {
        label: 'Tee time hour',
        domain: hours,
        tickFormat: (hour: number, index: number) => (cellWidth >= 30 || index % 2 === 0 ? `${hour}:00` : ''),
      },
      y: { label: null, domain: [1, 2, 3, 4, 5, 6, 7], tickFormat: (day: number) => WEEKDAYS[day] ?? '' },
      color: { type: 'linear', domain: [0, 100], range: ['#eef4f0', '#1f4d3a'] },
      marks: [
        Plot.cell(cells, { x: 'hour', y: 'weekday', fill: 'percent' }),
        ...(cellWidth >= 22
          ? [
              Plot.text(cells, {
                x: 'hour',
                y: 'weekday',
                text: (cell: (typeof utilisation)[number]) => `${cell.percent}`,
                // Dark text on light cells, white on dark: the figure is readable without its colour.
                fill: (cell: (typeof utilisation)[number]) => (cell.percent >= 55 ? 'white' : '#1b2a22'),
                fontSize: 10,
              }),
            ]
          : []),
      ],
    });
  };
  const noShowRows = report.no_shows.map((row) => ({
    ...row,
    rate: percent(row.no_show, row.arrived + row.no_show),
  }));
  return {
    courses,
    totals,
    utilisation,
    noShowRows,
    salesChart,
    heatCharts: courses
      .filter((course) => utilisation.some((cell) => cell.course === course))
      .map((course) => {
        const top = utilisation
          .filter((cell) => cell.course === course)
          .sort((a, b) => b.percent - a.percent)[0];
        const label =
          top && top.booked > 0
            ? `Utilisation of the ${course} by weekday and hour; busiest ${WEEKDAYS[top.weekday]} ${top.hour}:00 at ${top.percent}%.`
            : `Utilisation of the ${course} by weekday and hour: nothing booked.`;
        return { course, label, draw: heatChart(course) };
      }),
    leadChart: horizontalBars(report.lead_time, 'bucket', 'bookings', String, LEAD_TIME_BUCKETS),
    typesChart: horizontalBars(report.player_types, 'player_type', 'golfers', String),
    // Drawn in whole pounds (the axis reads £10,000, not 1,000,000 pence).
    channelsChart: horizontalBars(
      report.channels.map((row) => ({ channel: row.channel, pounds: Math.round(row.revenue / 100) })),
      'channel',
      'pounds',
      (pounds) => `£${pounds.toLocaleString('en-GB')}`,
    ),
    ticketsChart: horizontalBars(report.tickets, 'ticket', 'golfers', String),
    noShowChart: horizontalBars(noShowRows, 'course', 'rate', (rate) => `${rate}%`),
  };
}

function Report({ report }: { report: StaffReport }) {
  const view = useMemo(() => reportView(report), [report]);
  const { courses, totals, utilisation, noShowRows } = view;
  const { salesChart, heatCharts, leadChart, typesChart, channelsChart, ticketsChart, noShowChart } = view;
  const channelRevenue = report.channels.reduce((sum, row) => sum + row.revenue, 0);
  const bookings = report.lead_time.reduce((sum, row) => sum + row.bookings, 0);
  const golfers = report.player_types.reduce((sum, row) => sum + row.golfers, 0);
  const combinations = report.tickets
    .filter((row) => row.combination)
    .reduce((sum, row) => sum + row.golfers, 0);
  const checked = report.no_shows.reduce((sum, row) => sum + row.arrived + row.no_show, 0);
  const noShows = report.no_shows.reduce((sum, row) => sum + row.no_show, 0);
  const busiest = [...utilisation].sort((a, b) => b.percent - a.percent)[0];
  const empty = bookings === 0;

  return (
    <>
      <p role="status" className={styles.count}>
        {empty
          ? 'No confirmed bookings play in this period.'
          : `${bookings} ${bookings === 1 ? 'booking' : 'bookings'}, ${totals.rounds} rounds, ${totals.golfers} golfer places, ${formatMoney(totals.revenue)} in green fees.`}
      </p>
      <Section
        title="Bookings and revenue"
        file="bookings-and-revenue"
        summary={`Green fees by ${GRAIN_WORDS[report.grain].toLowerCase()} of play and course: ${formatMoney(totals.revenue)} from ${totals.rounds} rounds.`}
        legend={<CourseLegend courses={courses} />}
        chart={empty ? null : salesChart}
        columns={[
          { label: GRAIN_WORDS[report.grain] },
          { label: 'Course' },
          { label: 'Rounds', numeric: true },
          { label: 'Golfers', numeric: true },
          { label: 'Green fees', numeric: true },
        ]}
        rows={report.sales
          .filter((row) => row.rounds > 0)
          .map((row) => [
            periodLabel(row.period, report.grain),
            row.course,
            row.rounds,
            row.golfers,
            formatMoney(row.revenue),
          ])}
      />
      <Section
        title="Utilisation"
        file="utilisation"
        summary={
          busiest && busiest.booked > 0
            ? `Places booked as a percentage of places on the sheet, by course, weekday and hour. Busiest: ${busiest.course}, ${WEEKDAYS[busiest.weekday]} ${busiest.hour}:00, ${busiest.percent}%.`
            : 'Places booked as a percentage of places on the sheet, by course, weekday and hour.'
        }
        chart={null}
        columns={[
          { label: 'Course' },
          { label: 'Weekday' },
          { label: 'Hour' },
          { label: 'Booked', numeric: true },
          { label: 'Places', numeric: true },
          { label: 'Utilisation', numeric: true },
        ]}
        rows={utilisation
          .filter((cell) => cell.booked > 0)
          .map((cell) => [
            cell.course,
            WEEKDAYS[cell.weekday] ?? '',
            `${cell.hour}:00`,
            cell.booked,
            cell.capacity,
            `${cell.percent}%`,
          ])}
      >
        {heatCharts.map(({ course, label, draw }) => (
          <div key={course}>
            <h3 className={css['table-title']}>{course}</h3>
            <PlotChart label={label} draw={draw} />
          </div>
        ))}
      </Section>
      <div className={css.grid}>
        <Section
          title="Lead time"
          file="lead-time"
          summary="How long before the first round each booking was confirmed."
          chart={empty ? null : leadChart}
          {...shareTable(report.lead_time, 'bucket', 'bookings', ['Booked', 'Bookings'])}
        />
        <Section
          title="Player types"
          file="player-types"
          summary={`The ${golfers} golfer places by player type.`}
          chart={empty ? null : typesChart}
          {...shareTable(report.player_types, 'player_type', 'golfers', ['Player type', 'Golfers'])}
        />
        <Section
          title="Operator share"
          file="operator-share"
          summary="What was paid or is owed, by who booked: visitors (and the desk for callers) or each tour operator."
          chart={empty ? null : channelsChart}
          columns={[
            { label: 'Booked by' },
            { label: 'Bookings', numeric: true },
            { label: 'Value', numeric: true },
            { label: 'Share', numeric: true },
          ]}
          rows={report.channels.map((row) => [
            row.channel,
            row.bookings,
            formatMoney(row.revenue),
            `${percent(row.revenue, channelRevenue)}%`,
          ])}
        />
        <Section
          title="Combination uptake"
          file="combination-uptake"
          summary={`Golfers by ticket: ${combinations} of ${golfers} golfer places on a combination package.`}
          chart={empty ? null : ticketsChart}
          columns={[{ label: 'Ticket' }, { label: 'Kind' }, { label: 'Golfers', numeric: true }]}
          rows={report.tickets.map((row) => [
            row.ticket,
            row.combination ? 'Combination' : 'Single course',
            row.golfers,
          ])}
        />
        <Section
          title="No-shows"
          file="no-shows"
          summary={
            checked > 0
              ? `Of ${checked} golfers the starter checked in or out, ${noShows} did not come (${percent(noShows, checked)}%).`
              : 'No golfer of a round already played has been checked in or marked absent.'
          }
          chart={checked > 0 ? noShowChart : null}
          columns={[
            { label: 'Course' },
            { label: 'Expected', numeric: true },
            { label: 'Arrived', numeric: true },
            { label: 'Did not come', numeric: true },
            { label: 'No-show rate', numeric: true },
          ]}
          rows={noShowRows.map((row) => [row.course, row.expected, row.arrived, row.no_show, `${row.rate}%`])}
        />
      </div>
    </>
  );
}

/** /staff/reports: the period, then the report. Loaded with its chart library only when opened. */
export default function StaffReports() {
  const today = todayInLondon();
  const [query, setQuery] = useState<ReportQuery>({
    from: addDays(today, -56),
    to: addDays(today, 56),
    grain: 'week',
  });
  const { draft: form, control } = useDraft(query);
  const report = useStaffReport(query);
  return (
    <StaffPage title="Reports">
      <FilterForm label="Report period" onApply={() => setQuery(form)}>
        <FilterField label="First day of play" type="date" {...control('from')} />
        <FilterField label="Last day of play" type="date" {...control('to')} />
        <FilterField label="By" {...control('grain')}>
          <Options options={optionsOf(REPORT_GRAINS, GRAIN_WORDS)} />
        </FilterField>
      </FilterForm>
      <Loaded
        query={report}
        loading="Loading the report..."
        failed="The report could not be made"
        hint="Please check the period and try again."
      >
        {(data) => <Report report={data} />}
      </Loaded>
    </StaffPage>
  );
}
