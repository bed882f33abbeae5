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

/** The built files of the public entry and of /auth's page, for resolveDependencies below. */
const publicChunks: { entry?: string; auth?: string } = {};

/** Notes those files once the bundle is named, before Vite writes its preload lists. */
function namePublicChunks(): Plugin {
  return {
    name: 'name-public-chunks',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        if (chunk.facadeModuleId.endsWith('/src/public-main.tsx')) publicChunks.entry = chunk.fileName;
        if (chunk.facadeModuleId.endsWith('/src/app/routes/auth.tsx')) publicChunks.auth = chunk.fileName;
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), preloadHeadingFont(), namePublicChunks()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    // Read by the build-info record logged at start-up.
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
    'import.meta.env.VITE_BUILD_TIME': JSON.stringify(new Date().toISOString()),
  },
  build: {
    modulePreload: {
      // The CSP is script-src 'self': the polyfill would be an inline script.
      polyfill: false,
      // /auth's HTML preloads its modules (decision 043): Vite's list of them in the
      // public entry would only add bytes to every marketing page's first load.
      resolveDependencies: (file, deps, { hostId }) =>
        hostId === publicChunks.entry && file === publicChunks.auth ? [] : deps,
    },
    // .vite/manifest.json: which chunks each route needs, for the pre-rendered pages' preload links.
    manifest: true,
    rolldownOptions: {
      // The SPA (index.html) and the marketing pages' own entry, which hydrates them
      // without the router (decision 041); the pre-rendering writes its tags into their HTML.
      input: { index: 'index.html', public: 'src/public-main.tsx' },
      output: {
        codeSplitting: {
          // React in one chunk with the start-up code both entries share, rather than in
          // several small ones: every page loads all of it, and each chunk costs a request
          // and some compression (decision 041).
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Vite's loader of a dynamic import's chunks, on its own: the marketing pages' entry
            // needs nothing else before the page has painted (decision 045).
            { name: 'preload-helper', test: /preload-helper/ },
            // The style sheet both entries import, alone: grouped with the start-up code it
            // would make the entry import that code (decision 045).
            { name: 'styles', test: /src[\\/]index\.css$/ },
            { name: 'startup', tags: ['$initial'], minShareCount: 2 },
            // The query library's parts always load together (a screen that reads also writes).
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'page-basics',
              test: /src[\\/](components[\\/]ui[\\/]button|components[\\/]layouts[\\/](logo|page-head|document-title)|lib[\\/]sign-up-link)\.|node_modules[\\/](class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // ws: the realtime endpoint (REALTIME_PATH) is a WebSocket under /api.
    proxy: { '/api': { target: API_TARGET, changeOrigin: false, ws: true } },
  },
});
