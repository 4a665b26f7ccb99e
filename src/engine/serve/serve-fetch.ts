/** The Node http ↔ Fetch adapter lives with the API's Node entry; `npm start` uses the same one. */
export * from '../../api/node-adapter.ts';
