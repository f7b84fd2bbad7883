// `npm run db:migrate`: applies the migrations to DATABASE_URL, or to PGlite in DATA_DIR.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from './connect.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

const config = loadConfig();
const release = config.databaseUrl ? () => {} : await acquireDataDirLock(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
console.log(`Migrations applied (${database.kind}).`);
await database.close();
release();
