/** The dealer-fleet integration's content module (content-module.ts): what pages may read. */
declare module 'virtual:dealer-fleet/content' {
  type State = typeof import('./fleet-state.ts');
  export const getDealers: State['getDealers'];
  export const notePageRendered: State['notePageRendered'];
  export const isPreviewBuild: State['isPreviewBuild'];
  export const buildFinishesPages: State['buildFinishesPages'];
}
