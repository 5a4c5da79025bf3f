import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { build } from '../../host-shell/server/app';
import { REPO_ROOT, loadConfig } from '../../host-shell/server/config';
import { openDatabase, type DatabaseHandle } from '../../host-shell/server/db/connect';
import { migrateToLatest } from '../../host-shell/server/db/migrate';
import { migrations } from '../../host-shell/server/db/migrations';
import { seedDemo } from '../../host-shell/server/db/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../host-shell/server/db/seed-data';
import { hashPassword } from '../../host-shell/server/lib/password';
import { PanoramaImages } from '../../host-shell/server/panoramas/images';
import { accountsWithDemoPassword } from '../../host-shell/server/services/admins';
import { loadRoomContent } from '../../host-shell/server/services/room-frame';
import { insertUser } from '../../host-shell/server/services/users';
import { StartupRefusal, prepareDatabase, startupOptions, type StartupOptions } from '../../host-shell/server/startup';
import { DIST_SERVER, buildCompiled, loginStatus, runCompiled, startCompiled, tempSalonDir, type Exited } from './compiled';
import { TEST_SCRYPT_COST, createTestApp, type TestApp } from './helpers';
import { DEMO } from './accounts';
import { ORIGIN, request } from './http';

const ADMIN = { email: 'ops@example.org', password: 'correct-horse-battery' };

/** The JSON lines a process logged (ops/logger.ts); other lines are not logs and fail the test. */
function logLines(output: string): { level: string; msg: string; event?: string; [field: string]: unknown }[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { level: string; msg: string });
}

/** The message of the refusal a process logged (a `fatal` line, `event: "refused"`), or ''. */
function refusal(output: string): string {
  const line = logLines(output).find((l) => l.event === 'refused');
  expect(line?.level).toBe('fatal');
  return line?.msg ?? '';
}
const options = (o: Partial<StartupOptions> = {}): StartupOptions => ({ demo: false, production: false, admin: null, ...o });

async function usersOf(handle: DatabaseHandle): Promise<{ email: string | null; profile: string }[]> {
  return handle.db.selectFrom('users').select(['email', 'profile']).orderBy('id').execute();
}

/** Opens a SQLite file the way the server does, reads its users, closes it. */
async function usersInFile(file: string): Promise<{ email: string | null; profile: string }[]> {
  const handle = openDatabase({ dialect: 'sqlite', filename: file });
  try {
    await migrateToLatest(handle);
    return await usersOf(handle);
  } finally {
    await handle.close();
  }
}

/** POST /connexion through the app (not listening); the status. */
async function loginWith(handle: DatabaseHandle, email: string, password: string): Promise<number> {
  const app = build({ database: handle, config: { scryptCost: TEST_SCRYPT_COST, spaDir: '/nonexistent/salon-spa' } });
  try {
    await app.ready();
    const response = await request(app, {
      method: 'POST',
      url: '/connexion',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    });
    return response.statusCode;
  } finally {
    await app.close();
  }
}

/** `bash script args…` in `cwd` to its end, with this process's environment but NODE_ENV (Jest's 'test') and `env`. */
function runBash(script: string, args: string[], cwd: string, env: Record<string, string>): Promise<Exited> {
  return new Promise((resolve, reject) => {
    const environment: NodeJS.ProcessEnv = { ...process.env, ...env };
    delete environment.NODE_ENV;
    const child = spawn('bash', [script, ...args], { cwd, env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The reason startupOptions gives for refusing `env` (fails the test if it starts). */
function startRefusal(env: NodeJS.ProcessEnv): string {
  try {
    startupOptions(env);
  } catch (err) {
    expect(err).toBeInstanceOf(StartupRefusal);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('the start-up environment', () => {
  it('is no demo, no production and no administrator when nothing is set', () => {
    expect(startupOptions({})).toEqual({ demo: false, production: false, admin: null });
    expect(startupOptions({ SALON_DEMO: '1' })).toMatchObject({ demo: true, production: false });
    expect(
      startupOptions({
        NODE_ENV: 'production',
        SALON_ADMIN_EMAIL: ADMIN.email,
        SALON_ADMIN_PASSWORD: ADMIN.password,
        UPLOADS_UNSCANNED: '1',
      }),
    ).toEqual({
      demo: false,
      production: true,
      admin: ADMIN,
    });
  });

  it('refuses the demo in production, the demo password, short passwords and half-set variables', () => {
    expect(startRefusal({ SALON_DEMO: '1', NODE_ENV: 'production' })).toMatch(/SALON_DEMO=1 with NODE_ENV=production/);
    expect(startRefusal({ SALON_ADMIN_EMAIL: ADMIN.email, SALON_ADMIN_PASSWORD: DEMO_PASSWORD })).toMatch(
      /SALON_ADMIN_PASSWORD: that is the demo password/,
    );
    expect(startRefusal({ SALON_ADMIN_EMAIL: ADMIN.email, SALON_ADMIN_PASSWORD: ' Salon-Demo ' })).toMatch(/demo password/);
    expect(startRefusal({ SALON_ADMIN_EMAIL: ADMIN.email, SALON_ADMIN_PASSWORD: 'eleven-char' })).toMatch(/at least 12 characters/);
    expect(startRefusal({ SALON_ADMIN_EMAIL: ADMIN.email })).toMatch(/without SALON_ADMIN_PASSWORD/);
    expect(startRefusal({ SALON_ADMIN_PASSWORD: ADMIN.password })).toMatch(/without SALON_ADMIN_EMAIL/);
    expect(startRefusal({ SALON_ADMIN_EMAIL: 'not-an-address', SALON_ADMIN_PASSWORD: ADMIN.password })).toMatch(/not an email address/);
    expect(startRefusal({ SALON_ADMIN_EMAIL: DEMO.admin, SALON_ADMIN_PASSWORD: ADMIN.password })).toMatch(/demo account's address/);
    expect(startRefusal({ SALON_DEMO: 'yes' })).toMatch(/SALON_DEMO must be 1/);
  });
});

describe('what cannot be right in production (ops/production.ts)', () => {
  const production = { NODE_ENV: 'production', UPLOADS_UNSCANNED: '1' };

  it('refuses a DATABASE_URL that names no PostgreSQL server, in every mode, without repeating its password', () => {
    for (const env of [{ ...production }, {}, { SALON_DEMO: '1' }]) {
      const message = startRefusal({ ...env, DATABASE_URL: 'postgress://salon:s3cret@db.example/salon' });
      expect(message).toMatch(/^DATABASE_URL is set but is not a PostgreSQL address \(it starts with "postgress:"/);
      expect(message).toMatch(/unset DATABASE_URL to use SQLite/);
      expect(message).not.toContain('s3cret');
    }
    expect(startupOptions({ ...production, DATABASE_URL: 'postgresql://salon@db.example/salon' })).toMatchObject({ production: true });
    expect(startupOptions({ ...production, DATABASE_URL: '' })).toMatchObject({ production: true });
    // PostgreSQL itself beside PgBouncer, for the migrations: a PostgreSQL address, with a DATABASE_URL of PostgreSQL.
    const bouncer = 'postgres://salon@127.0.0.1:6432/salon';
    for (const env of [
      { DATABASE_URL: bouncer, DATABASE_DIRECT_URL: 'mysql://salon:s3cret@db.example/salon' },
      { DATABASE_DIRECT_URL: 'postgres://salon@127.0.0.1:5432/salon' },
    ]) {
      const message = startRefusal({ ...production, ...env });
      expect(message).toMatch(/^DATABASE_DIRECT_URL is for PostgreSQL behind PgBouncer/);
      expect(message).not.toContain('s3cret');
    }
    const both = { ...production, DATABASE_URL: bouncer, DATABASE_DIRECT_URL: 'postgres://salon@127.0.0.1:5432/salon' };
    expect(startupOptions(both)).toMatchObject({ production: true });
  });

  it('refuses SQLite with REDIS_URL, uploads unscanned unless said so, and https without Secure cookies or a trusted proxy', () => {
    expect(startRefusal({ ...production, REDIS_URL: 'redis://127.0.0.1:6379' })).toMatch(
      /REDIS_URL is set with SQLite: .* Use PostgreSQL \(DATABASE_URL=postgres:\/\/…\) for several processes/,
    );
    expect(startupOptions({ ...production, REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://db/salon' })).toMatchObject({
      production: true,
    });
    expect(startRefusal({ NODE_ENV: 'production' })).toMatch(/CLAMAV_SOCKET is not set: .* or set UPLOADS_UNSCANNED=1/);
    expect(startupOptions({ NODE_ENV: 'production', CLAMAV_SOCKET: '/run/clamav/clamd.ctl' })).toMatchObject({ production: true });
    const https = { ...production, PUBLIC_URL: 'https://salon.example.org' };
    expect(startRefusal({ ...https, TRUST_PROXY: '1' })).toMatch(
      /PUBLIC_URL is https:\/\/salon\.example\.org \(https\) but COOKIE_SECURE is not 1/,
    );
    expect(startRefusal({ ...https, COOKIE_SECURE: '1' })).toMatch(/\(https\) but TRUST_PROXY is not 1/);
    expect(startupOptions({ ...https, COOKIE_SECURE: '1', TRUST_PROXY: '1' })).toMatchObject({ production: true });
    // Outside production, none of these stops a start.
    expect(startupOptions({ REDIS_URL: 'redis://127.0.0.1:6379', PUBLIC_URL: 'https://salon.example.org' })).toMatchObject({
      production: false,
    });
  });

  it('reads PUBLIC_URL (an origin) and PG_POOL_MAX', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://salon.example.org/' }).publicUrl).toBe('https://salon.example.org');
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(() => loadConfig({ PUBLIC_URL: 'https://salon.example.org/salon' })).toThrow(/PUBLIC_URL must be an origin/);
    expect(() => loadConfig({ PUBLIC_URL: 'salon.example.org' })).toThrow(/PUBLIC_URL must be an origin/);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/salon', PG_POOL_MAX: '3' }).database).toMatchObject({ poolMax: 3 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/salon' }).database).toMatchObject({ poolMax: 10 });
    expect(loadConfig({ DATABASE_URL: 'postgres://pgbouncer/salon', DATABASE_DIRECT_URL: 'postgres://db/salon' }).database).toMatchObject({
      connectionString: 'postgres://pgbouncer/salon',
      directConnectionString: 'postgres://db/salon',
    });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/salon', PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX must be at least 1/);
  });

  it('writes every link with PUBLIC_URL when it is set', async () => {
    const app = build({
      config: { scryptCost: TEST_SCRYPT_COST, spaDir: '/nonexistent/salon-spa', publicUrl: 'https://salon.example.org' },
      database: openDatabase({ dialect: 'sqlite', filename: ':memory:' }),
    });
    try {
      await app.ready();
      await migrateToLatest(app.dbHandle);
      // A page behind the role gate sends the visitor home, on the public origin rather than the request's.
      const answer = await request(app, { method: 'GET', url: '/admin', headers: { host: '127.0.0.1:8081' } });
      expect(answer.headers.location).toMatch(/^https:\/\/salon\.example\.org\//);
    } finally {
      await app.close();
      await app.dbHandle.close();
    }
  }, 30_000);
});

describe('preparing the database (SQLite in memory)', () => {
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle.close();
  });
  const fresh = () => (handle = openDatabase({ dialect: 'sqlite', filename: ':memory:' }));

  it('creates no account at all without the demo flag', async () => {
    fresh();
    const report = await prepareDatabase(handle, options(), TEST_SCRYPT_COST);
    expect(report).toMatchObject({ seeded: false, adminCreated: null, administrators: 0 });
    // Every migration of the list, each applied.
    expect(report.migrations.map((m) => m.status)).toEqual(Object.keys(migrations('sqlite')).map(() => 'Success'));
    expect(await usersOf(handle)).toEqual([]);
  });

  it('runs before any plugin starts its background work (the mail outbox, the programme clock, the live activity)', async () => {
    fresh();
    const events: string[] = [];
    const app = build({
      database: handle,
      config: { scryptCost: TEST_SCRYPT_COST, spaDir: '/nonexistent/salon-spa', panoramaPrerender: false },
      prepare: async (h) => {
        // Slow, as migrations on a loaded machine: nothing may read a table before they are done.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await prepareDatabase(h, options({ demo: true }), TEST_SCRYPT_COST);
        events.push('prepared');
      },
    });
    app.addHook('onReady', async () => {
      events.push('ready');
    });
    app.register(async () => {
      events.push('a later plugin');
    });
    await app.ready();
    await app.close();
    expect(events).toEqual(['prepared', 'a later plugin', 'ready']);
  });

  it('may take longer than fastify’s 10 s limit for a plugin’s start (the migrations of a large database)', async () => {
    fresh();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance', 'Date'] });
    let app: ReturnType<typeof build> | undefined;
    try {
      let waited = false;
      app = build({
        database: handle,
        config: { scryptCost: TEST_SCRYPT_COST, spaDir: '/nonexistent/salon-spa', panoramaPrerender: false },
        prepare: async (h) => {
          await new Promise((resolve) => setTimeout(resolve, 11_000));
          waited = true;
          await prepareDatabase(h, options(), TEST_SCRYPT_COST);
        },
      });
      const ready = app.ready();
      await jest.advanceTimersByTimeAsync(11_000);
      await ready;
      expect(waited).toBe(true);
    } finally {
      jest.useRealTimers();
      await app?.close();
    }
  });

  it('seeds the demo salon with the flag, once', async () => {
    fresh();
    expect((await prepareDatabase(handle, options({ demo: true }), TEST_SCRYPT_COST)).seeded).toBe(true);
    const emails = (await usersOf(handle)).map((u) => u.email);
    for (const account of DEMO_ACCOUNTS) expect(emails).toContain(account.email);
    expect((await prepareDatabase(handle, options({ demo: true }), TEST_SCRYPT_COST)).seeded).toBe(false);
    expect(await usersOf(handle)).toHaveLength(emails.length);
    expect(await loginWith(handle, DEMO.admin, DEMO_PASSWORD)).toBe(303);
  });

  it('creates the administrator of the environment once, and only when there is none', async () => {
    fresh();
    const first = await prepareDatabase(handle, options({ admin: ADMIN }), TEST_SCRYPT_COST);
    expect(first).toMatchObject({ adminCreated: ADMIN.email, administrators: 1 });
    const second = await prepareDatabase(
      handle,
      options({ admin: { email: 'other@example.org', password: 'another-long-password' } }),
      TEST_SCRYPT_COST,
    );
    expect(second).toMatchObject({ adminCreated: null, administrators: 1 });
    expect(await usersOf(handle)).toEqual([{ email: ADMIN.email, profile: 'administrator' }]);
    expect(await loginWith(handle, ADMIN.email, ADMIN.password)).toBe(303);
    expect(await loginWith(handle, 'other@example.org', 'another-long-password')).toBe(401);
  });

  it('refuses an administrator address that a visitor already has', async () => {
    fresh();
    await migrateToLatest(handle);
    await insertUser(handle.db, {
      profile: 'visitor',
      anonymous: 0,
      email: ADMIN.email,
      password_hash: await hashPassword('visitor-password', TEST_SCRYPT_COST),
    });
    await expect(prepareDatabase(handle, options({ admin: ADMIN }), TEST_SCRYPT_COST)).rejects.toThrow(
      /already belongs to a visitor account/,
    );
    expect(await usersOf(handle)).toEqual([{ email: ADMIN.email, profile: 'visitor' }]);
  });

  it('refuses, in production, a database holding the demo accounts', async () => {
    fresh();
    await migrateToLatest(handle);
    await seedDemo(handle.db, { scryptCost: TEST_SCRYPT_COST });
    const refused = prepareDatabase(handle, options({ production: true, admin: ADMIN }), TEST_SCRYPT_COST);
    await expect(refused).rejects.toBeInstanceOf(StartupRefusal);
    const message = await refused.catch((err: Error) => err.message);
    expect(message).toMatch(/these 6 accounts log in with the published demo password/);
    for (const account of DEMO_ACCOUNTS) expect(message).toContain(`${account.email} (${account.profile})`);
    // Without production, the same database starts (the demo does).
    await expect(prepareDatabase(handle, options({ demo: true }), TEST_SCRYPT_COST)).resolves.toMatchObject({ seeded: false });
  });

  it('checks every administrator and promoter, and no visitor, for the demo password', async () => {
    fresh();
    await migrateToLatest(handle);
    const demoHash = await hashPassword(DEMO_PASSWORD, TEST_SCRYPT_COST);
    await insertUser(handle.db, { profile: 'visitor', anonymous: 0, email: 'guest@example.org', password_hash: demoHash });
    await insertUser(handle.db, {
      profile: 'administrator',
      anonymous: 0,
      email: 'boss@example.org',
      password_hash: await hashPassword('a-strong-secret!', TEST_SCRYPT_COST),
    });
    await expect(prepareDatabase(handle, options({ production: true }), TEST_SCRYPT_COST)).resolves.toMatchObject({ administrators: 1 });

    await insertUser(handle.db, { profile: 'promoter', anonymous: 0, email: 'events@example.org', password_hash: demoHash });
    expect(await accountsWithDemoPassword(handle.db)).toEqual([{ email: 'events@example.org', profile: 'promoter' }]);
    await expect(prepareDatabase(handle, options({ production: true }), TEST_SCRYPT_COST)).rejects.toThrow(
      /this account logs in[^]*events@example\.org \(promoter\)/,
    );
  });
});

// Each test starts the compiled server, often several times, each a process of its own: 180 s for a loaded machine.
describe('the compiled server (dist/server)', () => {
  const dirs: ReturnType<typeof tempSalonDir>[] = [];
  const salonDir = () => {
    const d = tempSalonDir();
    dirs.push(d);
    return d;
  };
  beforeAll(() => buildCompiled(), 120_000);
  afterAll(() => {
    for (const d of dirs) d.remove();
  });

  it('starts in production on a fresh SQLite file with no demo account, and tells how to create an administrator', async () => {
    const d = salonDir();
    const server = await startCompiled({ ...d.env, NODE_ENV: 'production' });
    try {
      expect(server.output()).toMatch(
        /; production\)\. No administrator yet: set SALON_ADMIN_EMAIL and SALON_ADMIN_PASSWORD and restart, or run `npm run create-admin -- you@example.com`/,
      );
      expect(server.output()).not.toContain(DEMO_PASSWORD);
      expect(await loginStatus(server.baseUrl, DEMO.admin, DEMO_PASSWORD)).toBe(401);
      expect(await loginStatus(server.baseUrl, DEMO.visitor, DEMO_PASSWORD)).toBe(401);
      expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
      // A second process on the same SQLite file is refused while the first runs.
      const second = await runCompiled('server', { ...d.env, NODE_ENV: 'production' });
      expect(second.code).toBe(1);
      expect(refusal(second.stdout)).toMatch(
        /another Salon process already serves the SQLite file .*salon\.sqlite: SQLite serves one process only/,
      );
    } finally {
      await server.stop();
    }
    // Every line is JSON, levels in words: the banner, a warning about PUBLIC_URL, and the last line of the stop.
    const lines = logLines(server.output());
    expect(lines.find((l) => l.event === 'start')).toMatchObject({ level: 'info', mode: 'production', administrators: 0 });
    expect(lines.find((l) => l.event === 'config')).toMatchObject({
      level: 'warn',
      msg: expect.stringMatching(/^PUBLIC_URL is not set/),
    });
    expect(lines.at(-1)).toMatchObject({ level: 'info', event: 'stopped', signal: 'SIGTERM', msg: 'Salon stopped' });
    expect(lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
    expect(await usersInFile(d.env.SQLITE_PATH ?? '')).toEqual([]);
  }, 180_000);

  it('draws a panorama of the room with the compiled worker thread, under the key the sources give it', async () => {
    const d = salonDir();
    const server = await startCompiled({ ...d.env, SALON_DEMO: '1' });
    let fromSources: TestApp | undefined;
    try {
      fromSources = await createTestApp();
      const conference = (page: string) => /"conference":\{"large":"[^"]+","small":"([^"]+)"/.exec(page)?.[1];
      const url = conference(await (await fetch(`${server.baseUrl}/room/?lang=fr`)).text());
      expect(url).toMatch(/^\/media\/panoramas\/[0-9a-f]{24}-2048\.webp$/);
      // The same content run from the sources names the same file: a folder drawn by one serves the other.
      expect(conference((await request(fromSources.app, { url: '/room/?lang=fr' })).body)).toBe(url);
      const image = await fetch(`${server.baseUrl}${url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 2048, height: 1024 });
    } finally {
      await server.stop();
      await fromSources?.close();
    }
  }, 180_000);

  it('logs a promise that failed unawaited and goes on serving; logs an uncaught exception and exits', async () => {
    const d = salonDir();
    // Loaded before the server (NODE_OPTIONS --import): fails in the background once the server listens. In the main
    // thread only: the server's worker threads load it too, and one failing there would fail what it was doing.
    const fail = (what: string) => {
      const file = path.join(d.dir, `${what}.mjs`);
      const body =
        what === 'rejection'
          ? `Promise.reject(new Error('a background task failed'))`
          : `(() => { throw new Error('a callback threw'); })()`;
      fs.writeFileSync(
        file,
        `import http from 'node:http';
import { isMainThread } from 'node:worker_threads';
if (isMainThread) {
  const listen = http.Server.prototype.listen;
  http.Server.prototype.listen = function (...args) {
    this.once('listening', () => setTimeout(() => ${body}, 100));
    return listen.apply(this, args);
  };
}
`,
      );
      return { NODE_OPTIONS: `--import=${file}` };
    };
    const server = await startCompiled({ ...d.env, ...fail('rejection') });
    try {
      const deadline = Date.now() + 30_000;
      while (!server.output().includes('unhandled rejection') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(server.output()).toMatch(/"level":"error".*a background task failed.*"msg":"unhandled rejection"/);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const exited = await runCompiled('server', { ...d.env, ...fail('exception') });
    expect(exited.code).toBe(1);
    expect(exited.stdout).toMatch(/"level":"fatal".*a callback threw.*"msg":"uncaught exception: exiting"/);
  }, 180_000);

  it('seeds the demo only with SALON_DEMO=1 (outside production)', async () => {
    const plain = salonDir();
    const server = await startCompiled(plain.env);
    try {
      expect(server.output()).toContain('; no demo data)');
      expect(await loginStatus(server.baseUrl, DEMO.admin, DEMO_PASSWORD)).toBe(401);
    } finally {
      await server.stop();
    }
    expect(await usersInFile(plain.env.SQLITE_PATH ?? '')).toEqual([]);

    const demo = salonDir();
    const demoServer = await startCompiled({ ...demo.env, SALON_DEMO: '1' });
    try {
      expect(logLines(demoServer.output()).find((l) => l.event === 'start')?.msg).toContain(`Demo accounts (password "${DEMO_PASSWORD}")`);
      expect(await loginStatus(demoServer.baseUrl, DEMO.admin, DEMO_PASSWORD)).toBe(303);
    } finally {
      await demoServer.stop();
    }
  }, 180_000);

  it('creates the administrator from the environment once', async () => {
    const d = salonDir();
    const first = await startCompiled({
      ...d.env,
      NODE_ENV: 'production',
      SALON_ADMIN_EMAIL: ADMIN.email,
      SALON_ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      expect(first.output()).toContain('Administrators: 1');
      expect(await loginStatus(first.baseUrl, ADMIN.email, ADMIN.password)).toBe(303);
    } finally {
      await first.stop();
    }
    const second = await startCompiled({
      ...d.env,
      NODE_ENV: 'production',
      SALON_ADMIN_EMAIL: 'second@example.org',
      SALON_ADMIN_PASSWORD: 'yet-another-password',
    });
    try {
      expect(second.output()).toContain('Administrators: 1');
      expect(await loginStatus(second.baseUrl, ADMIN.email, ADMIN.password)).toBe(303);
      expect(await loginStatus(second.baseUrl, 'second@example.org', 'yet-another-password')).toBe(401);
    } finally {
      await second.stop();
    }
    expect(await usersInFile(d.env.SQLITE_PATH ?? '')).toEqual([{ email: ADMIN.email, profile: 'administrator' }]);
  }, 180_000);

  it('refuses to start on a database holding the demo accounts, with the demo flag, or with the demo password', async () => {
    const d = salonDir();
    const handle = openDatabase({ dialect: 'sqlite', filename: d.env.SQLITE_PATH ?? '' });
    await migrateToLatest(handle);
    await seedDemo(handle.db, { scryptCost: TEST_SCRYPT_COST });
    await handle.close();
    const demoDatabase = await runCompiled('server', { ...d.env, NODE_ENV: 'production' });
    expect(demoDatabase.code).toBe(1);
    expect(refusal(demoDatabase.stdout)).toMatch(
      /^Salon refused to start: NODE_ENV=production, and these 6 accounts log in with the published demo password:/,
    );
    expect(refusal(demoDatabase.stdout)).toContain(`${DEMO.admin} (administrator)`);
    expect(demoDatabase.stdout).not.toContain('Salon is running');

    const fresh = salonDir();
    const demoFlag = await runCompiled('server', { ...fresh.env, NODE_ENV: 'production', SALON_DEMO: '1' });
    expect(demoFlag.code).toBe(1);
    expect(refusal(demoFlag.stdout)).toMatch(/SALON_DEMO=1 with NODE_ENV=production/);
    const demoPassword = await runCompiled('server', {
      ...fresh.env,
      NODE_ENV: 'production',
      SALON_ADMIN_EMAIL: ADMIN.email,
      SALON_ADMIN_PASSWORD: DEMO_PASSWORD,
    });
    expect(demoPassword.code).toBe(1);
    expect(refusal(demoPassword.stdout)).toMatch(/SALON_ADMIN_PASSWORD: that is the demo password/);
    expect(await usersInFile(fresh.env.SQLITE_PATH ?? '')).toEqual([]);
  }, 180_000);

  it('create-admin creates an administrator who logs in; refuses the demo password, short ones and a taken address', async () => {
    const d = salonDir();
    const refusedDemo = await runCompiled('create-admin', { ...d.env, SALON_ADMIN_PASSWORD: DEMO_PASSWORD }, [ADMIN.email]);
    expect(refusedDemo).toMatchObject({ code: 1, stderr: expect.stringMatching(/password refused: that is the demo password/) });
    const refusedShort = await runCompiled('create-admin', { ...d.env, SALON_ADMIN_PASSWORD: 'too-short' }, [ADMIN.email]);
    expect(refusedShort).toMatchObject({ code: 1, stderr: expect.stringMatching(/at least 12 characters/) });
    const noTerminal = await runCompiled('create-admin', d.env, [ADMIN.email]);
    expect(noTerminal).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no terminal to type the password in: set SALON_ADMIN_PASSWORD/),
    });
    expect((await runCompiled('create-admin', d.env, [])).code).toBe(2);
    // In production, never into the demo's file, nor silently into SQLite for a mistyped address; it says where it writes.
    const { SQLITE_PATH: _file, ...withoutFile } = d.env;
    const demoFile = await runCompiled('create-admin', { ...withoutFile, NODE_ENV: 'production', SALON_ADMIN_PASSWORD: ADMIN.password }, [
      ADMIN.email,
    ]);
    expect(demoFile).toMatchObject({ code: 1, stderr: expect.stringMatching(/data\/salon\.sqlite, the demo's file/) });
    const mistyped = await runCompiled(
      'create-admin',
      { ...d.env, DATABASE_URL: 'postgress://db/salon', SALON_ADMIN_PASSWORD: ADMIN.password },
      [ADMIN.email],
    );
    expect(mistyped).toMatchObject({ code: 1, stderr: expect.stringMatching(/DATABASE_URL is set but is not a PostgreSQL address/) });

    const created = await runCompiled('create-admin', { ...d.env, SALON_ADMIN_PASSWORD: ADMIN.password }, [ADMIN.email]);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Database: SQLite ${d.env.SQLITE_PATH}\n`);
    expect(created.stdout).toContain(`Administrator ${ADMIN.email} created`);
    const again = await runCompiled('create-admin', { ...d.env, SALON_ADMIN_PASSWORD: 'a-different-password' }, [
      ADMIN.email.toUpperCase(),
    ]);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/already has an account \(administrator\)/) });

    const server = await startCompiled({ ...d.env, NODE_ENV: 'production' });
    try {
      expect(server.output()).toContain('Administrators: 1');
      expect(await loginStatus(server.baseUrl, ADMIN.email, ADMIN.password)).toBe(303);
      expect(await loginStatus(server.baseUrl, ADMIN.email, 'a-different-password')).toBe(401);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('npm run start:production (scripts/compiled.sh) runs the build with NODE_ENV=production, and refuses without a build', async () => {
    const run = (cwd: string, env: Record<string, string>) => runBash(path.join(cwd, 'scripts', 'compiled.sh'), ['server'], cwd, env);
    // No NODE_ENV given: the script sets production, so a database with the demo accounts is refused.
    const d = salonDir();
    const handle = openDatabase({ dialect: 'sqlite', filename: d.env.SQLITE_PATH ?? '' });
    await migrateToLatest(handle);
    await seedDemo(handle.db, { scryptCost: TEST_SCRYPT_COST });
    await handle.close();
    const refused = await run(REPO_ROOT, { ...d.env, PORT: '0', LOG_LEVEL: 'warn' });
    expect(refused.code).toBe(1);
    expect(refusal(refused.stdout)).toMatch(/Salon refused to start: NODE_ENV=production, and these 6 accounts/);

    // A checkout without dist/server: the script says what to run, and builds nothing.
    const checkout = salonDir();
    fs.mkdirSync(path.join(checkout.dir, 'scripts'));
    fs.copyFileSync(path.join(REPO_ROOT, 'scripts', 'compiled.sh'), path.join(checkout.dir, 'scripts', 'compiled.sh'));
    const missing = await run(checkout.dir, {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('dist/server/server.js is missing: this start runs the compiled server and builds nothing.');
    expect(missing.stderr).toContain('npm run build');
    expect(fs.existsSync(path.join(checkout.dir, 'dist'))).toBe(false);
  }, 180_000);

  it('deploy/render-panoramas.sh sources the example environment file and finds the panoramas of its database; refuses what cannot work', async () => {
    const d = salonDir();
    const script = path.join(REPO_ROOT, 'deploy', 'render-panoramas.sh');
    const envFile = path.join(d.dir, 'salon.env');
    // salon.env.example as an operator fills it in (SQLite here, the test's folders): bash must read every line of it.
    const lines: Record<string, string> = {
      DATABASE_URL: `DATABASE_URL=\nSQLITE_PATH=${d.env.SQLITE_PATH}`,
      REDIS_URL: 'REDIS_URL=',
      UPLOAD_DIR: `UPLOAD_DIR=${d.env.UPLOAD_DIR}`,
      PANORAMA_DIR: `PANORAMA_DIR=${d.env.PANORAMA_DIR}`,
    };
    let example = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'systemd', 'salon.env.example'), 'utf8');
    for (const [name, line] of Object.entries(lines)) {
      expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
      example = example.replace(new RegExp(`^${name}=.*$`, 'm'), line);
    }
    fs.writeFileSync(envFile, example);

    // The keys of this fresh salon's panoramas, as the sources name them, every file there already (drawing one takes
    // 4 to 10 s of CPU: the compiled worker's drawing is the test above's): the script finds them all, draws none.
    const handle = openDatabase({ dialect: 'sqlite', filename: d.env.SQLITE_PATH ?? '' });
    await migrateToLatest(handle);
    const log = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const dir = d.env.PANORAMA_DIR ?? '';
    const images = new PanoramaImages({ dir, mediaDir: dir, load: () => loadRoomContent(handle.db), log, prerender: false });
    const files = (await Promise.all(['fr', 'en'].map(async (lang) => (await images.frame(lang as 'fr' | 'en')).data.images)))
      .flatMap((byPlace) => Object.values(byPlace ?? {}))
      .flatMap(({ large, small }) => [large, small].map((url) => path.basename(url)));
    await images.close();
    await handle.close();
    expect(files.length).toBeGreaterThanOrEqual(12); // the hall, the plan and the conference room, in both languages
    fs.mkdirSync(dir);
    for (const file of files) fs.writeFileSync(path.join(dir, file), '');

    const done = await runBash(script, [envFile], d.dir, {});
    expect(done).toMatchObject({ code: 0, stderr: '' });
    expect(logLines(done.stdout).at(-1)).toMatchObject({ level: 'info', event: 'panoramas', dir, drawn: 0, files: new Set(files).size });

    // Refused, saying why, before anything is read or drawn: no file, no PANORAMA_DIR, a folder it cannot make.
    const refused = async (file: string, reason: RegExp) => {
      const answer = await runBash(script, [file], d.dir, {});
      expect(answer).toMatchObject({ code: 1, stdout: '' });
      expect(answer.stderr).toMatch(reason);
    };
    await refused(path.join(d.dir, 'nowhere.env'), /nowhere\.env does not exist: pass the processes' environment file/);
    fs.writeFileSync(envFile, example.replace(/^PANORAMA_DIR=.*$/m, ''));
    await refused(envFile, /PANORAMA_DIR is not set in .*salon\.env/);
    fs.writeFileSync(envFile, example.replace(/^PANORAMA_DIR=.*$/m, `PANORAMA_DIR=${path.join(envFile, 'panoramas')}`));
    await refused(envFile, /cannot write .*salon\.env\/panoramas: create its parent for salon first/);
    // Root reads any file: a mode that keeps the user out is seen only by another user.
    if (process.getuid?.() !== 0) {
      fs.chmodSync(envFile, 0o200);
      await refused(envFile, /salon\.env is not readable by .*: install it with group salon and mode 640/);
    }
  }, 180_000);

  it('create-admin asks for the password at a terminal without echoing it', async () => {
    const d = salonDir();
    const password = 'typed-at-the-prompt';
    // `script` gives the command a real pseudo-terminal, as a person's shell would.
    const command = `'${process.execPath}' '${path.join(DIST_SERVER, 'create-admin.js')}' typed@example.org`;
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      env: { ...process.env, ...d.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const until = async (text: string) => {
      const deadline = Date.now() + 15_000;
      while (!output.includes(text)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no "${text}" in:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await until('Password (at least 12 characters): ');
    child.stdin.write(`${password}\r`);
    await until('Password again: ');
    child.stdin.write(`${password}\r`);
    await until('created');
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(output).toContain('Administrator typed@example.org created');
    expect(output).not.toContain(password);
    expect(await usersInFile(d.env.SQLITE_PATH ?? '')).toEqual([{ email: 'typed@example.org', profile: 'administrator' }]);
  }, 180_000);
});

describe('deploy/: the files an operator copies', () => {
  const installed = (file: string) => fs.existsSync(file);

  it('salon@.service passes systemd-analyze verify without a warning', () => {
    if (!installed('/usr/bin/systemd-analyze')) {
      console.log('systemd-analyze is not installed: deploy/systemd/salon@.service NOT verified');
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-unit-'));
    try {
      const unit = path.join(dir, 'salon@8081.service');
      fs.copyFileSync(path.join(REPO_ROOT, 'deploy', 'systemd', 'salon@.service'), unit);
      const verified = spawnSync('systemd-analyze', ['verify', '--man=no', unit], { encoding: 'utf8' });
      expect(`${verified.stdout}${verified.stderr}`).toBe('');
      expect(verified.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('nginx -t accepts the salon alone and the Symfony host, with TLS', () => {
    if (!installed('/usr/sbin/nginx') || !installed('/usr/bin/openssl')) {
      console.log('nginx or openssl is not installed: deploy/nginx NOT checked');
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salon-nginx-t-'));
    try {
      const cert = path.join(dir, 'cert.pem');
      const key = path.join(dir, 'key.pem');
      const made = spawnSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=salon.example.org',
      ]);
      expect(made.status).toBe(0);
      const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, 'deploy', file), 'utf8');
      const salon = read('nginx/salon.conf');
      const sites = {
        salon: salon.replace(
          'include /etc/nginx/snippets/salon-locations.conf',
          `include ${path.join(REPO_ROOT, 'deploy', 'nginx', 'salon-locations.conf')}`,
        ),
        symfony:
          salon.slice(0, salon.indexOf('# http: only')) +
          read('symfony/nginx-symfony.conf').replace('include fastcgi_params;', 'include /etc/nginx/fastcgi_params;'),
      };
      for (const [name, site] of Object.entries(sites)) {
        fs.writeFileSync(
          path.join(dir, `${name}.site`),
          site
            .replaceAll('/etc/letsencrypt/live/salon.example.org/fullchain.pem', cert)
            .replaceAll('/etc/letsencrypt/live/salon.example.org/privkey.pem', key),
        );
        fs.writeFileSync(
          path.join(dir, `${name}.conf`),
          `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 64; }\nhttp { include /etc/nginx/mime.types; access_log off; include ${dir}/${name}.site; }\n`,
        );
        const checked = spawnSync(
          '/usr/sbin/nginx',
          ['-t', '-p', dir, '-c', path.join(dir, `${name}.conf`), '-e', path.join(dir, 'error.log')],
          {
            encoding: 'utf8',
          },
        );
        expect({ name, status: checked.status, output: checked.stderr }).toMatchObject({
          name,
          status: 0,
          output: expect.stringContaining('test is successful'),
        });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
