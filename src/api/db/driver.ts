/**
 * The database drivers are no part of an API bundle: they are installed beside it, as
 * dist/api/package.json names them. A driver that is missing is said so, with what needs it.
 */

/** `error` as it is, or, when it is a missing package, an error that names the package and its use. */
export function missingDriver(error: unknown, pkg: string, neededFor: string): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return error as Error;
  return new Error(
    `${neededFor} needs the package ${pkg}, which is not installed where the API runs. ` +
      `Install it beside the API (npm install in dist/api, whose package.json names it). (${(error as Error).message})`,
  );
}
