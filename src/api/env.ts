/** Reading the API's settings from the environment: the variables are declared in src/config/env.ts. */
export { positiveIntEnv } from '../config/env.ts';
