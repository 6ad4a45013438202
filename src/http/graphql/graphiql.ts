import { hash } from 'node:crypto';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { GraphiQLOptions } from 'graphql-yoga';

const DEFAULT_QUERY = `# The persona platform's GraphQL API.
#
# Most fields need an API key: paste yours as
# the value of X-Api-Key in the Headers tab
# below. Subscriptions send it too.
#
# contentTypes is public. To watch a voice:
#
#   subscription Watch {
#     voiceUpdated(partner: "acme", name: "Ada") {
#       name
#       status { splitting embedding }
#     }
#   }

query ContentTypes {
  contentTypes
}
`;

const options: GraphiQLOptions = {
  title: 'Persona platform GraphQL',
  subscriptionsProtocol: 'WS',
  defaultQuery: DEFAULT_QUERY,
  headers: JSON.stringify({ 'X-Api-Key': '' }, null, 2),
  defaultHeaders: JSON.stringify({ 'X-Api-Key': '' }, null, 2),
  defaultEditorToolsVisibility: 'headers',
};

// The page inlines all of GraphiQL (about 9 MB) and its options never change: built once.
let page: { html: string; contentSecurityPolicy: string } | undefined;

/**
 * The page's scripts are inline: the policy allows exactly those, by their hashes, and no
 * other script. Monaco, GraphiQL's editor, adds styles as it goes and starts its language
 * workers from blob: URLs; queries go to this origin over HTTP, subscriptions over its
 * WebSocket (`connect-src 'self'` covers ws: to the same host).
 */
function policyFor(html: string): string {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((found) => `'sha256-${hash('sha256', found[1]!, 'base64')}'`);
  return [
    "default-src 'none'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function built() {
  if (!page) {
    const html = renderGraphiQL(options);
    page = { html, contentSecurityPolicy: policyFor(html) };
  }
  return page;
}

/**
 * GraphiQL as the service serves it: its code comes from this process, not a CDN, so it
 * works on a machine without internet, and it opens saying where the key goes. The page is
 * where people paste their key, so it runs under a policy that allows its own scripts only.
 */
export const graphiql = {
  options,
  render: (): string => built().html,
  contentSecurityPolicy: (): string => built().contentSecurityPolicy,
};
