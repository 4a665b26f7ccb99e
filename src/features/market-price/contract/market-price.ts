/**
 * The market-price estimate as the API carries it (on cars and search hits): the shapes are the
 * rules' own (../rules/market-estimate.ts), which sit below this layer.
 */
export * from '../rules/market-estimate.ts';
