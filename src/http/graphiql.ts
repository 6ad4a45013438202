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
let page: string | undefined;

/**
 * GraphiQL as the service serves it: its code comes from this process, not a CDN, so it
 * works on a machine without internet, and it opens saying where the key goes.
 */
export const graphiql = {
  options,
  render: (): string => (page ??= renderGraphiQL(options)),
};
