/**
 * Prints the CloudFront Function of one built site (src/engine/serve/cloudfront-function.ts): the
 * rules of its `_headers` and the directory index, for a site served from Amazon S3.
 *
 *   npm run -s cloudfront-function -- dist/sites/<slug> > site-<slug>.js
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cloudFrontFunction } from '../src/engine/serve/cloudfront-function.ts';

const siteDir = process.argv[2];
if (!siteDir) {
  console.error('Usage: npm run -s cloudfront-function -- dist/sites/<slug>');
  process.exit(1);
}
const file = path.join(siteDir, '_headers');
try {
  process.stdout.write(cloudFrontFunction(await readFile(file, 'utf8'), file));
} catch (e) {
  console.error(
    (e as NodeJS.ErrnoException).code === 'ENOENT'
      ? `${file} does not exist: build the sites first (npm run build).`
      : (e as Error).message,
  );
  process.exit(1);
}
