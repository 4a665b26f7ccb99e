/**
 * What the editor preview's dev hosts (dev-hosts.ts) are given: scripts/dev.ts hands it to the
 * dealer-fleet integration (src/engine/integration/fleet-state.ts), which mounts them.
 */
import type { ConnectionLimits } from '../../api/connection-guard.ts';
import type { FetchHandler } from '../serve/serve-fetch.ts';
import type { LiveContent } from './dev-content.ts';

export interface DevHostsOptions {
  content: LiveContent;
  /** Handles /api/* (the API runtime's app). */
  api: FetchHandler;
  /** The project's public folder: its files are served as they are on every host. */
  publicDir: string;
  /** Time limits and connections per address; each one not given comes from the environment. */
  limits?: Partial<ConnectionLimits>;
}
