import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000, PGlite in ./data, http://localhost public URL', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.secureCookies).toBe(false);
    expect(c.logLevel).toBe('info');
  });

  it('names the variable and the problem for bad values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty": must be a number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      /PORT="70000": must be between 0 and 65535/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL.*postgres:/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL="loud": must be one of/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });

  it('treats an https PUBLIC_URL as a reason for Secure cookies and trims its slash', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://puns.example/' });
    expect(c.publicUrl).toBe('https://puns.example');
    expect(c.secureCookies).toBe(true);
  });
});
