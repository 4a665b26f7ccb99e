/**
 * English names of the calendar, written out rather than taken from `Intl`: dates such as
 * "Thu 3 Jul" or "15 June 2025" then read the same on every server and browser, whatever its
 * locale data.
 */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Short weekday names, Sunday first (the order of `Date.prototype.getUTCDay`). */
export const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
