/**
 * Text that goes into a file a dealer may open in a spreadsheet (the lead export, the Google and
 * Meta vehicle feeds): a cell a spreadsheet would run as a formula is kept as text instead.
 */

/**
 * `value` with a leading `'` when it starts with `=`, `@`, a tab or a carriage return, or with `+`
 * or `-` followed by anything but a number ("+61 400 000 000" and "-5" stay as they are).
 */
export function neutraliseFormula(value: string): string {
  return /^[=@\t\r]|^[+-](?![\d\s().]*$)/.test(value) ? `'${value}` : value;
}
