import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * Writes .br and .gz beside every text asset so the server can send them
 * compressed without spending CPU per request (serveStatic `precompressed`).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;
  return {
    name: 'calm-precompress',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * Preloads the heading face (Fraunces). It is `font-display: optional`
 * (index.css): used only if it is there within the first ~100 ms, so a
 * heading never rewraps and moves the page when it arrives; the preload
 * starts the download with the HTML so that it usually is.
 */
function preloadHeadingFont(): Plugin {
  return {
    name: 'calm-preload-heading-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((name) =>
          /\/fraunces-latin-wght-normal-[^/]+\.woff2$/.test(name),
        );
        if (!file) throw new Error('the Fraunces font file is missing from the build');
        const attrs = { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${file}` };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

// The API server (apps/server) listens here in development.
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), preloadHeadingFont()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    // Read by the build-info record logged at start-up.
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
    'import.meta.env.VITE_BUILD_TIME': JSON.stringify(new Date().toISOString()),
  },
  build: {
    // The CSP is script-src 'self': the polyfill would be an inline script.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunks each route needs, for the pre-rendered pages' preload links.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    // ws: the realtime endpoint (REALTIME_PATH) is a WebSocket under /api.
    proxy: { '/api': { target: API_TARGET, changeOrigin: false, ws: true } },
  },
});
