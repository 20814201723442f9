import { currentLanguage } from "../i18n/i18n";

/** "2025-06-01" -> "June 1, 2025" (in the app's language): a calendar date, never shifted by the device's time zone. */
export function formatEffectiveDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(day.getTime()) || day.getUTCMonth() !== Number(match[2]) - 1) return date;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "long", timeZone: "UTC" }).format(day);
}

/** An instant as the device's local date, written out in the app's language ("December 27, 2026"). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "long" }).format(date);
}

/** An instant as the device's local date, in the language's numeric order ("MM/dd/yyyy" in English). */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(date);
}
