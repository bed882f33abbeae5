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

  describe('the automation webhook', () => {
    const production = {
      APP_ENV: 'production',
      DATABASE_URL: 'postgres://db/app',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://calm.example/',
      SMTP_URL: 'smtp://mail.example:587',
      WHATSAPP_NUMBER: '447700900123',
      AUTOMATION_WEBHOOK_URL: 'https://automation.example/hooks/exit-survey',
    };
    const secret = `whsec_${Buffer.from('a signing key of thirty-two bytes!').toString('base64')}`;

    it('needs AUTOMATION_WEBHOOK_SECRET in production, naming it', () => {
      expect(() => loadConfig(production)).toThrowError(ConfigError);
      expect(() => loadConfig(production)).toThrow(
        'AUTOMATION_WEBHOOK_SECRET is required when AUTOMATION_WEBHOOK_URL is set (APP_ENV=production)',
      );
      expect(loadConfig({ ...production, AUTOMATION_WEBHOOK_SECRET: secret }).automationWebhook).toEqual({
        url: production.AUTOMATION_WEBHOOK_URL,
        secret,
      });
    });

    it('may go unsigned in local mode, and is not sent at all without an address', () => {
      expect(loadConfig({ AUTOMATION_WEBHOOK_URL: production.AUTOMATION_WEBHOOK_URL }).automationWebhook).toEqual({
        url: production.AUTOMATION_WEBHOOK_URL,
        secret: undefined,
      });
      expect(loadConfig({}).automationWebhook).toBeUndefined();
    });

    it('takes only a Standard Webhooks secret (whsec_ and at least 24 bytes in base64)', () => {
      for (const bad of ['plain-text-secret-of-any-length-at-all', 'whsec_c2hvcnQ=', 'whsec_***']) {
        expect(() => loadConfig({ ...production, AUTOMATION_WEBHOOK_SECRET: bad }), bad).toThrow(
          /AUTOMATION_WEBHOOK_SECRET must be a Standard Webhooks secret/,
        );
      }
    });
  });

  describe('Stripe', () => {
    const prices = {
      STRIPE_PRICE_SPACE_PASS_MONTHLY: 'price_1',
      STRIPE_PRICE_SPACE_PASS_YEARLY: 'price_2',
    };
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc', ...prices };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };

    it('uses the local provider without a key, and Stripe with The Space Pass’s two price ids', () => {
      expect(loadConfig({}).stripe).toBeUndefined();
      expect(loadConfig(stripe).stripe).toEqual({
        secretKey: 'sk_test_abc123',
        webhookSecret: 'whsec_abc',
        prices: { space_pass: { month: 'price_1', year: 'price_2' } },
        earlierPrices: { month: [], year: [] },
      });
    });

    it('knows the earlier tiers’ prices when given, by billing period', () => {
      const earlier = { STRIPE_PRICE_STARTER_MONTHLY: 'price_3', STRIPE_PRICE_SUMMIT_YEARLY: 'price_4' };
      expect(loadConfig({ ...stripe, ...earlier }).stripe!.earlierPrices).toEqual({
        month: ['price_3'],
        year: ['price_4'],
      });
    });

    it('refuses to start with a key but a missing, malformed or repeated price id, or no webhook secret', () => {
      expect(problemsOf({ ...stripe, STRIPE_PRICE_SPACE_PASS_YEARLY: '' })).toEqual([
        'STRIPE_PRICE_SPACE_PASS_YEARLY is required when STRIPE_SECRET_KEY is set',
      ]);
      expect(problemsOf({ ...stripe, STRIPE_PRICE_SPACE_PASS_MONTHLY: 'prod_123' })).toEqual([
        'STRIPE_PRICE_SPACE_PASS_MONTHLY must be a Stripe price id (price_…)',
      ]);
      expect(problemsOf({ ...stripe, STRIPE_PRICE_SUMMIT_MONTHLY: 'prod_123' })).toEqual([
        'STRIPE_PRICE_SUMMIT_MONTHLY must be a Stripe price id (price_…)',
      ]);
      expect(problemsOf({ ...stripe, STRIPE_PRICE_SUMMIT_MONTHLY: 'price_1' })).toEqual([
        'Each STRIPE_PRICE_… variable must hold a different price id',
      ]);
      expect(problemsOf({ ...stripe, STRIPE_WEBHOOK_SECRET: '' })).toEqual([
        'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
      ]);
      expect(problemsOf({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toEqual([
        'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)',
      ]);
    });
  });

  describe('the WhatsApp bridge', () => {
    const cloud = {
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_ACCESS_TOKEN: 'EAAJB' + 'x'.repeat(40),
      WHATSAPP_APP_SECRET: 'a'.repeat(32),
      WHATSAPP_VERIFY_TOKEN: 'a verify token of some length',
    };

    it('is the local provider in local mode and off in production when nothing is set', () => {
      expect(loadConfig({}).whatsapp).toMatchObject({ mode: 'local', graphApiVersion: 'v26.0' });
      expect(
        loadConfig({
          APP_ENV: 'production',
          DATABASE_URL: 'postgres://db/app',
          AUTH_SECRET: 'x'.repeat(32),
          PUBLIC_URL: 'https://calm.example/',
          SMTP_URL: 'smtp://mail.example:587',
          WHATSAPP_NUMBER: '447700900123',
        }).whatsapp.mode,
      ).toBe('off');
    });

    it('uses the Cloud API with all four settings, at a configurable address, version and template', () => {
      const config = loadConfig({
        ...cloud,
        WHATSAPP_GRAPH_API_URL: 'http://127.0.0.1:9999/',
        WHATSAPP_GRAPH_API_VERSION: 'v27.0',
        WHATSAPP_REPLY_TEMPLATE: 'reply_waiting:en_GB',
      });
      expect(config.whatsapp).toMatchObject({
        mode: 'cloud',
        phoneNumberId: cloud.WHATSAPP_PHONE_NUMBER_ID,
        graphApiUrl: 'http://127.0.0.1:9999',
        graphApiVersion: 'v27.0',
        replyTemplate: { name: 'reply_waiting', language: 'en_GB' },
      });
      expect(loadConfig(cloud).whatsapp).toMatchObject({ graphApiUrl: 'https://graph.facebook.com' });
    });

    it('refuses half a bridge, naming what is missing', () => {
      const { WHATSAPP_APP_SECRET: _secret, WHATSAPP_VERIFY_TOKEN: _token, ...half } = cloud;
      const problems = (() => {
        try {
          loadConfig(half);
        } catch (error) {
          return (error as ConfigError).problems;
        }
        return [];
      })();
      expect(problems).toEqual([
        'WHATSAPP_APP_SECRET is required when WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN are set',
        'WHATSAPP_VERIFY_TOKEN is required when WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN are set',
      ]);
      expect(() => loadConfig({ WHATSAPP_REPLY_TEMPLATE: 'Reply Waiting' })).toThrow(/WHATSAPP_REPLY_TEMPLATE/);
      expect(() => loadConfig({ ...cloud, WHATSAPP_GRAPH_API_VERSION: '26' })).toThrow(/v26\.0/);
    });
  });
});
