/** The Node layer of the API (@hono/node-server with our body limits); `npm start` and the preview use the same one. */
export * from '../../api/node-adapter.ts';
