import type { Config } from './config';

/**
 * Where Redis is, as the store's connections take it (`RedisConnectionSettings`, which checks
 * this shape where a root hands it over): the cluster that REDIS_CLUSTER_NODES names, with its
 * nodes' credentials and TLS, or else the server at REDIS_URL. Here, not in a root, because
 * both the service's roots and the key CLI connect, and the CLI loads none of the service.
 */
export function redisConnectionOf(config: Config) {
  const { REDIS_CLUSTER_NODES: nodes } = config;
  if (!nodes) return { url: config.REDIS_URL };
  return { cluster: { nodes, username: config.REDIS_CLUSTER_USERNAME, password: config.REDIS_CLUSTER_PASSWORD, tls: config.REDIS_CLUSTER_TLS } };
}
