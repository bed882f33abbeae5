import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('runs in local mode with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ production: false, port: 3000, host: '127.0.0.1', dataDir: './.data' });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('refuses production without its required settings, naming each', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrowError(ConfigError);
    const error = (() => {
      try {
        loadConfig({ APP_ENV: 'production', DATABASE_URL: 'postgres://db/app' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'AUTH_SECRET is required when APP_ENV=production',
      'PUBLIC_URL is required when APP_ENV=production',
      'SMTP_URL is required when APP_ENV=production',
      'WHATSAPP_NUMBER is required when APP_ENV=production',
    ]);
  });

  it('keeps local mode on this machine unless told otherwise', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'calm.example']) {
      expect(() => loadConfig({ HOST: host })).toThrow(`HOST=${host} would open local mode to other machines`);
      expect(() => loadConfig({ HOST: host })).toThrow(/ALLOW_REMOTE_LOCAL_MODE=true/);
    }
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_REMOTE_LOCAL_MODE: 'true' }).host).toBe('0.0.0.0');
  });

  it('trusts a dev server origin only when one is given', () => {
    expect(loadConfig({}).devServerOrigins).toEqual([]);
    const origins = 'http://localhost:5173, http://127.0.0.1:5173/';
    expect(loadConfig({ DEV_SERVER_ORIGINS: origins }).devServerOrigins).toEqual([
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
    expect(() => loadConfig({ DEV_SERVER_ORIGINS: 'localhost:5173' })).toThrow(/DEV_SERVER_ORIGINS/);
  });

  it('refuses a short AUTH_SECRET and a malformed messaging number', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ WHATSAPP_NUMBER: '+44 7700' })).toThrow(/WHATSAPP_NUMBER/);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      APP_ENV: 'production',
      DATABASE_URL: 'postgres://db/app',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://calm.example/',
      SMTP_URL: 'smtp://mail.example:587',
      WHATSAPP_NUMBER: '447700900123',
      ADMIN_EMAILS: ' A@x.com, b@y.com ,',
    });
    expect(config).toMatchObject({ production: true, host: '0.0.0.0', publicUrl: 'https://calm.example' });
    expect(config.adminEmails).toEqual(['a@x.com', 'b@y.com']);
  });
});
