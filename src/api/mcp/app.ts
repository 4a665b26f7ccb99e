/**
 * POST /api/mcp — the dealer site's Model Context Protocol server (Streamable HTTP, stateless,
 * JSON answers): an assistant lists the tools of tools.ts and calls them for the dealer whose site
 * the request is sent to (its Host, as every route). Each request gets a fresh McpServer bound to
 * that dealer, so nothing of one request, shopper or dealer is kept for the next.
 *
 * GET (a stream of server messages) and DELETE (ending a session) answer 405 with Allow: POST, as
 * the transport's specification allows a server without sessions. An Origin header, when sent,
 * must be one of the dealer's own (403 otherwise): the specification asks servers to check it so
 * that a web page elsewhere cannot drive an assistant's local connection.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ApiDeps } from '../core/deps.ts';
import { checkOrigin } from '../core/guard.ts';
import { dealerFor, featureApp, MAX_ROUTE_BODY_BYTES, routePath } from '../core/respond.ts';
import { errorBody } from '../core/errors.ts';
import { registerTools } from './tools.ts';

/** What the server calls itself in the protocol's handshake. */
export const MCP_SERVER_NAME = 'dealer-site';
export const MCP_SERVER_VERSION = '1.0.0';

export function mcpApp(deps: ApiDeps) {
  const path = routePath('mcp');
  const notAllowed = (method: string) =>
    new Response(
      JSON.stringify(errorBody(405, `${method} is not allowed on /api/mcp: this server has no sessions; send POST.`)),
      { status: 405, headers: { Allow: 'POST', 'Content-Type': 'application/json' } },
    );
  return (
    featureApp()
      .post(path, async (c) => {
        const dealer = dealerFor(c, deps);
        checkOrigin(c.req.raw, dealer, deps.allowedOrigins);
        const server = new McpServer(
          { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION, title: `${dealer.site.name} assistant tools` },
          {
            instructions:
              `Tools of ${dealer.site.name}'s website (${dealer.site.url}): search its cars, read one, compare them, ` +
              'find its locations and hours, offer test-drive times, book a test drive and start a reservation. ' +
              'Book or reserve only with what the shopper gave you and after they agreed; a reservation answers a ' +
              'checkout address the shopper opens to pay: you never pay.',
          },
        );
        registerTools(server, { deps, dealer, request: c.req.raw });
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
          maxRequestBodySize: MAX_ROUTE_BODY_BYTES,
        });
        await server.connect(transport);
        try {
          const response = await transport.handleRequest(c.req.raw);
          // A JSON answer is whole once returned: read it before the server is closed.
          const body = await response.arrayBuffer();
          const headers = new Headers(response.headers);
          headers.set('Cache-Control', 'no-store');
          return new Response(response.status === 202 || body.byteLength === 0 ? null : body, {
            status: response.status,
            headers,
          });
        } finally {
          await server.close();
        }
      })
      // Any other method (GET's stream, DELETE's session end): 405, after POST has had its turn.
      .all(path, (c) => notAllowed(c.req.method))
  );
}
