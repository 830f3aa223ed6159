/**
 * The two facts at the end of a doc page (issue 10): where to edit it and when it last changed.
 * Pure, so the build writes the same text on every machine and in every time zone.
 */

/**
 * Nextra's rule: `docsRepositoryBase` joined with the page's file path from the site root
 * (`https://github.com/acme/docs/blob/main` + `content/rel/primer.mdx`). The base names the
 * branch and folder, so any host's URL shape works.
 */
export function editPageUrl(docsRepositoryBase: string, sourcePath: string): string {
  const path = sourcePath.split(/[\\/]/).map(encodeURIComponent).join('/');
  return `${docsRepositoryBase.replace(/\/+$/, '')}/${path}`;
}

/**
 * `lastmod` (an ISO date, or date and time) as the reader's locale writes a date:
 * `January 15, 2025` in en-US, `15 janvier 2025` in fr-FR. Read and written in UTC, so the
 * build's time zone never moves the day. An unreadable date is shown as written.
 */
export function formatLastUpdated(isoDate: string, locale: string): string {
  const key = `${locale}\0${isoDate}`;
  let text = formattedDates.get(key);
  if (text === undefined) {
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate);
    text = Number.isNaN(date.getTime()) ? isoDate : ((ENGLISH_LONG_DATE.has(locale) && englishLongDate(date)) || longDateFormat(locale).format(date));
    if (formattedDates.size >= DATES_KEPT) formattedDates.clear();
    formattedDates.set(key, text);
  }
  return text;
}

/**
 * Each date as written, by locale and the date given: a site's pages share few dates, and
 * formatting one (`Intl`) was 20 µs a page, a twentieth of a page's React render.
 */
const formattedDates = new Map<string, string>();

/** Dates kept at most: a site has a few hundred, but nothing bounds them (dev, over a day of edits). */
const DATES_KEPT = 4096;

/**
 * The locales whose long date is `January 15, 2025`, written here rather than by `Intl`: a thread's
 * first date format loads ICU's data, 25–35 ms of each render worker's start (bench/README.md),
 * for the footer of an English site. `page-footer-links.test.ts` holds it to `Intl`'s text.
 */
const ENGLISH_LONG_DATE = new Set(['en', 'en-US']);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `date` (UTC) as `Intl` writes an English long date, for the years it writes as plain numbers; else undefined. */
function englishLongDate(date: Date): string | undefined {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}` : undefined;
}

/**
 * Loads ICU's date data ahead, for a thread that waits (dev's warm-up, before it knows the site's
 * locale): a thread's first `Intl.DateTimeFormat` takes about 25 ms, any after it about 1 ms,
 * whatever the locale. A build does not call it: an English site never needs the data.
 */
export function warmDateFormats(): void {
  longDateFormat('en-US').format(0);
}

/** One formatter per locale: making one takes about 70 µs, formatting a date with it 2 µs (`new Intl.DateTimeFormat` per page was 1–2 % of a build's CPU). */
const longDateFormats = new Map<string, Intl.DateTimeFormat>();

function longDateFormat(locale: string): Intl.DateTimeFormat {
  let format = longDateFormats.get(locale);
  if (!format) longDateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })));
  return format;
}
