import { ConfigError, loadConfig } from './config/config';
import { startApp } from './app';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await startApp(config);
  const role = config.ROLE === 'all' ? 'API and workers' : config.ROLE === 'api' ? 'API' : 'workers';
  console.log(`persona-platform (${role}) ${app.url ? `listening on ${app.url}` : 'running'}`);

  const stop = (signal: string) => {
    console.log(`${signal}: draining`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
