/**
 * CSV by RFC 4180, written here rather than with a library: quoting is the whole of it, and the
 * workspace's packages are shared. Every cell is text; a cell a spreadsheet would read as a formula
 * (its first character other than a space one of `=`, `+`, `-`, `@`, a tab or a carriage return,
 * OWASP's list, or the fullwidth `＝ ＋ － ＠` some spreadsheets fold into them) gets a leading `'`,
 * so it shows as the text it is and runs nothing. A cell holding `;` is quoted as one holding `,`
 * is: spreadsheets in locales that split on `;` would otherwise start a new cell, and a formula
 * with it.
 */
const FORMULA_START = /^[^\S\t\r]*[=+\-@\t\r＝＋－＠]/;
const NEEDS_QUOTES = /[",;\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // Numbers the export writes itself (a total of -0.00 never happens; a count is not negative)
  // stay numbers: only text can carry a formula.
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated. */
export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(",")}\r\n`;
