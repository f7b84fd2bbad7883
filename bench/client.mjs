// Client: the JavaScript the log-in route loads before it is usable (gzip, budget 100 KB), and
// page metrics (LCP, CLS) of the log-in page and the dashboard in Debian's Chromium with a slow
// phone's CPU (4x) and network (1.6 Mbit/s, 150 ms) emulated.
//   node bench/client.mjs
// Builds the client into a temporary folder, serves it with the real server (PGlite), and
// writes docs/bench-results/client.json. The JavaScript counted is what Chromium actually
// fetched for the page, gzip-compressed here at level 9 (what a proxy would send; our server
// sends Brotli, which is smaller still). The service worker (sw.js) is registered after load
// and is not part of the page's JavaScript.
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { freePort } from './ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const BUDGET_GZIP_BYTES = 100 * 1024;
const LCP_TARGET_MS = 2500;
const CLS_TARGET = 0.1;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// Observes LCP and CLS from the first paint; read back with window.__pundayMetrics.
const observeMetrics = () => {
  const m = { lcp: 0, lcpElement: '', cls: 0, fcp: 0 };
  window.__pundayMetrics = m;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      m.lcp = e.startTime;
      m.lcpElement = e.element
        ? e.element.tagName + (e.element.className ? `.${e.element.className}` : '')
        : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) m.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') m.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
};

async function measurePage(context, url, outDir) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(observeMetrics);
  const scripts = [];
  page.on('response', (response) => {
    const u = new URL(response.url());
    if (response.request().resourceType() === 'script' && u.pathname !== '/sw.js')
      scripts.push(u.pathname);
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'networkidle' });
  const loadedMs = Date.now() - started;
  await page.waitForTimeout(1000);
  const metrics = await page.evaluate(() => window.__pundayMetrics);
  const files = [...new Set(scripts)].map((p) => {
    const file = path.join(outDir, p);
    const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    return { path: p, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  await page.close();
  return {
    url: new URL(url).pathname,
    lcpMs: Math.round(metrics.lcp),
    lcpElement: metrics.lcpElement,
    fcpMs: Math.round(metrics.fcp),
    cls: Number(metrics.cls.toFixed(4)),
    networkIdleMs: loadedMs,
    scripts: files,
    scriptGzipBytes: files.reduce((n, f) => n + f.gzip, 0),
  };
}

/**
 * What the entry chunk holds, by package: each package's share of the minified code (from the
 * build's source map), gzip-compressed on its own. Shows what a size budget is up against.
 */
function entryPackages(outDir) {
  const assets = path.join(outDir, 'assets');
  const entry = readdirSync(assets).find((f) => /^main-.*\.js$/.test(f));
  if (!entry || !existsSync(path.join(assets, `${entry}.map`))) return null;
  const code = readFileSync(path.join(assets, entry), 'utf8');
  const consumer = new SourceMapConsumer(
    JSON.parse(readFileSync(path.join(assets, `${entry}.map`), 'utf8')),
  );
  const lines = code.split('\n');
  const parts = new Map();
  let previous = null;
  consumer.eachMapping((m) => {
    if (previous) {
      const line = lines[previous.generatedLine - 1] ?? '';
      const end = m.generatedLine === previous.generatedLine ? m.generatedColumn : undefined;
      const name =
        previous.source?.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? 'Punday (src/)';
      parts.set(name, (parts.get(name) ?? '') + line.slice(previous.generatedColumn, end));
    }
    previous = m;
  });
  return [...parts]
    .map(([name, text]) => ({ name, gzip: gzipSync(text, { level: 9 }).length }))
    .filter((p) => p.gzip >= 512)
    .sort((a, b) => b.gzip - a.gzip);
}

/** Lighthouse (mobile, simulated throttling) on a page, through Chromium's debugging port. */
async function lighthouseRun(port, url, cookie) {
  let lighthouse;
  try {
    ({ default: lighthouse } = await import('lighthouse'));
  } catch {
    return null;
  }
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const lhr = result?.lhr;
  if (!lhr) return null;
  return {
    version: lhr.lighthouseVersion,
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(4)),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
  };
}

export async function measureClient() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'punday-client-bench-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'punday-client-data-'));
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir'],
    {
      stdio: 'ignore',
    },
  );
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CLIENT_DIR: outDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Kept for the error message if the server does not come up.
  let serverErrors = '';
  server.stderr.on('data', (chunk) => {
    serverErrors = (serverErrors + chunk).slice(-4000);
  });
  const debugPort = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      `--remote-debugging-port=${debugPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 'server').catch((error) => {
      throw new Error(`${error.message}\n${serverErrors}`);
    });
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    // A few puns so the log-in page's top-puns panel and the dashboard have content.
    for (let i = 0; i < 5; i++) {
      const res = await context.request.post(`${base}/api/auth/signup`, {
        data: { email: `client${i}@bench.local`, password: 'bench-password' },
      });
      if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()}`);
      await context.request.post(`${base}/api/puns`, {
        data: { text: `Lettuce turnip the beet, take ${i}` },
      });
      if (i < 4) await context.request.post(`${base}/api/auth/logout`);
    }
    await context.request.post(`${base}/api/auth/logout`);
    const login = await measurePage(context, `${base}/`, outDir);
    await context.request.post(`${base}/api/auth/login`, {
      data: { email: 'client4@bench.local', password: 'bench-password' },
    });
    const dashboard = await measurePage(context, `${base}/dashboard`, outDir);
    const session = (await context.cookies()).find((c) => c.name === 'punday_session');
    login.lighthouse = await lighthouseRun(debugPort, `${base}/`);
    dashboard.lighthouse = await lighthouseRun(
      debugPort,
      `${base}/dashboard`,
      session ? `punday_session=${session.value}` : undefined,
    );
    await context.close();
    const pages = [login, dashboard].map((p) => ({
      ...p,
      pass:
        p.lcpMs <= LCP_TARGET_MS &&
        p.cls <= CLS_TARGET &&
        (!p.lighthouse || (p.lighthouse.lcpMs <= LCP_TARGET_MS && p.lighthouse.cls <= CLS_TARGET)),
    }));
    return {
      packages: entryPackages(outDir),
      budgetGzipBytes: BUDGET_GZIP_BYTES,
      loginScriptGzipBytes: login.scriptGzipBytes,
      budgetPass: login.scriptGzipBytes <= BUDGET_GZIP_BYTES,
      targets: { lcpMs: LCP_TARGET_MS, cls: CLS_TARGET },
      throttling:
        'CPU 4x slower, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency, cache disabled, 390x844 at 2x',
      chromium: browser.version(),
      pages,
    };
  } finally {
    await browser.close();
    // A server that already exited would never emit 'exit' again.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureClient();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `Log-in route JavaScript: ${kb(result.loginScriptGzipBytes)} gzip (budget ${kb(result.budgetGzipBytes)}): ${result.budgetPass ? 'PASS' : 'FAIL'}`,
  );
  for (const p of result.pages) {
    console.log(
      `${p.url}: LCP ${p.lcpMs} ms (${p.lcpElement}), CLS ${p.cls}, FCP ${p.fcpMs} ms${p.lighthouse ? `; Lighthouse ${p.lighthouse.version}: performance ${Math.round(p.lighthouse.performance * 100)}, accessibility ${Math.round(p.lighthouse.accessibility * 100)}, LCP ${p.lighthouse.lcpMs} ms, CLS ${p.lighthouse.cls}` : '; Lighthouse not installed'}: ${p.pass ? 'PASS' : 'FAIL'}`,
    );
    for (const f of p.scripts) console.log(`  ${f.path}  ${kb(f.bytes)} raw, ${kb(f.gzip)} gzip`);
  }
  mkdirSync('docs/bench-results', { recursive: true });
  writeFileSync(
    'docs/bench-results/client.json',
    `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
  console.log('Wrote docs/bench-results/client.json');
  if (!result.budgetPass || !result.pages.every((p) => p.pass)) process.exitCode = 1;
}
