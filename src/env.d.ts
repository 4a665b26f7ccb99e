/// <reference types="astro/client" />

// Lets plain .ts files (the block registry, tests) import .astro components.
declare module '*.astro' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Component: (props: any) => any;
  export default Component;
}

declare namespace App {
  /** Set by the page route for everything one page renders. */
  interface Locals {
    /** The dealer's image CDN template and origin, read by <Img> for srcset. */
    images?: { transform?: string; siteUrl: string };
  }
}
