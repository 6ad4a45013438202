import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, shutDownSaving, untilAnswering, type TestRedis } from './redis-server';
import { waitFor } from './wait-for';

export interface TestCluster extends TestRedis {
  /** Each master's `redis://` address. */
  nodeUrls: string[];
  /** Saves each master's data and stops them all: the whole cluster is gone. */
  down(): Promise<void>;
  /** Starts every master again on its port with its saved data and cluster configuration. */
  up(): Promise<void>;
}

const MASTERS = 3;

/**
 * A private three-master Redis Cluster for one test file: three `redis-server
 * --cluster-enabled yes` on free ports, joined by `redis-cli --cluster create`, ready once
 * every node says `cluster_state:ok`. `env` points the service at it through
 * REDIS_CLUSTER_NODES; `url` is one node, for tools that speak to a single server.
 */
export async function startTestCluster(): Promise<TestCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'redis-cluster-'));
  let children: ChildProcess[] = [];
  const ports: number[] = [];
  // Each node's cluster bus on a free port of its own: by default it is the node's port plus
  // 10,000, which a free port above 55535 (a fifth of the ephemeral range) cannot have, and the
  // node then exits at once (a test's set-up then waited for it until its hook timed out).
  const busPorts: number[] = [];
  const spawnNodes = () => {
    children = ports.map((port, index) =>
      spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--cluster-port',
          String(busPorts[index]),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          join(dir, `nodes-${port}.conf`),
          '--dir',
          dir,
          '--dbfilename',
          `dump-${port}.rdb`,
          '--appendonly',
          'no',
          '--save',
          '',
        ],
        { stdio: 'ignore' },
      ),
    );
  };
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await rm(dir, { recursive: true, force: true });
  };
  try {
    while (busPorts.length < MASTERS) {
      const [port, busPort] = [await freePort(), await freePort()];
      // Twice the same port, or one another node took: drawn again.
      if (port === busPort || [...ports, ...busPorts].some((taken) => taken === port || taken === busPort)) continue;
      ports.push(port);
      busPorts.push(busPort);
    }
    spawnNodes();
    const nodeUrls = ports.map((port) => `redis://127.0.0.1:${port}`);
    await Promise.all(nodeUrls.map(untilAnswering));
    await promisify(execFile)('redis-cli', ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes']);
    await Promise.all(nodeUrls.map(untilClusterOk));
    return {
      url: nodeUrls[0]!,
      nodeUrls,
      prefix: `test-${randomUUID().slice(0, 8)}`,
      env: { REDIS_CLUSTER_NODES: ports.map((port) => `127.0.0.1:${port}`).join(',') },
      stop,
      async down() {
        await Promise.all(children.map((child, index) => shutDownSaving(child, nodeUrls[index]!)));
      },
      async up() {
        spawnNodes();
        await Promise.all(nodeUrls.map(untilAnswering));
        await Promise.all(nodeUrls.map(untilClusterOk));
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function untilClusterOk(url: string): Promise<void> {
  const node = new Redis(url);
  try {
    await waitFor(
      () => node.cluster('INFO'),
      (info) => info.includes('cluster_state:ok'),
      30_000,
    );
  } finally {
    node.disconnect();
  }
}
