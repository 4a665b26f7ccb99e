/**
 * The variables of the deployed API bundle: where it reads its dealers from, and the secret that
 * starts a lead delivery on Vercel.
 * Each is declared once, as an EnvVar (env-var.ts); env.ts gathers every group into ENV_VARS.
 */
import type { EnvVar } from './env-var.ts';

export const DEPLOY_VARS = {
  API_CONTENT_URL: {
    type: 'url',
    usedBy: 'API bundle',
    description:
      'A content.json the build wrote: the deployed API fetches its dealers from it at start instead of using the dealers compiled in.',
  },
  API_CONTENT: {
    type: 'text',
    usedBy: 'API bundle',
    description: 'A content.json file to read the dealers from instead. Not together with API_CONTENT_URL.',
  },
  CRON_SECRET: {
    type: 'secret',
    usedBy: 'API on Vercel',
    description:
      'What Vercel Cron sends (Authorization: Bearer …) to start a lead delivery; unset, the delivery route refuses every call.',
  },
} as const satisfies Record<string, EnvVar>;
