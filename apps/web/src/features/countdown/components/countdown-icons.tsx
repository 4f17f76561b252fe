import { icon, ringIcon } from '@/components/ui/icons';

// Decorative icons of the countdown banner: a clock while there is time, an alarm bell in the last minute; and the
// hourglass of the expired booking.

export const ClockIcon = /* @__PURE__ */ ringIcon('M12 7v5l3 2');

export const AlarmIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2 2M5 3 2 6M19 3l3 3" />
  </>,
);

export const HourglassIcon = /* @__PURE__ */ icon(
  <path d="M6 2h12M6 22h12M7 2v4a5 5 0 0 0 5 5 5 5 0 0 0 5-5V2M7 22v-4a5 5 0 0 1 5-5 5 5 0 0 1 5 5v4" />,
);
