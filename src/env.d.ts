/// <reference types="astro/client" />

// Lets plain .ts files (the block registry, tests) import .astro components.
declare module '*.astro' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Component: (props: any) => any;
  export default Component;
}
