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
    ]);
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
      ADMIN_EMAILS: ' A@x.com, b@y.com ,',
    });
    expect(config).toMatchObject({ production: true, host: '0.0.0.0', publicUrl: 'https://calm.example' });
    expect(config.adminEmails).toEqual(['a@x.com', 'b@y.com']);
  });
});
