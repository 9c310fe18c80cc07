import { startService } from '../service/src/index';
import { startWebHost } from '../webhost/server';
const service = await startService({ quiet: true, admin: true, port: 0, host: '127.0.0.1' });
const host = await startWebHost({ port: 0, keyFile: null, staticDir: process.argv[2] ?? '/tmp/grid-dist', embeddedService: { url: service.url, demoKey: service.demoKey } });
console.log(JSON.stringify({ app: host.url, service: service.url, demoKey: service.demoKey }));
