/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: "web",
  publicDir: "../public",
  // Preact's React compatibility layer renders the app: the same components and hooks (zustand's useSyncExternalStore,
  // lazy/Suspense, memo, forwardRef, createRoot) for about a tenth of react-dom's bytes in the first chart's JS. The
  // aliases apply to dependencies too; React Fast Refresh cannot patch Preact components, so an edit reloads the page
  // in development.
  resolve: {
    alias: [
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
    ],
  },
  plugins: [
    react({ refreshExclude: /./ }),
    // Offline after one visit: a Workbox service worker precaches the app, its chunks, both Wasm modules (pkg-core
    // and pkg, emitted as assets) and the gallery's data; the web manifest makes it installable. web/src/offline.ts
    // registers it.
    VitePWA({
      injectRegister: null,
      registerType: "autoUpdate",
      includeAssets: ["favicon.svg"],
      manifest: {
        name: "Asymmetry Lab",
        short_name: "AsymLab",
        description: "Explore scheduling on asymmetric (big.LITTLE) multicores in the browser.",
        theme_color: "#0969da",
        background_color: "#ffffff",
        display: "standalone",
        start_url: ".",
        icons: [{ src: "favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,wasm,svg,png,json,webmanifest}"],
        // The full engine module is a few MB; the default cap (2 MiB) would leave it out.
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
        navigateFallback: "index.html",
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: "../dist",
    emptyOutDir: true,
    target: "es2022",
  },
  worker: { format: "es" },
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
  test: {
    root: repoRoot,
    include: ["web/src/**/*.test.ts", "scripts/**/*.test.mjs"],
    environment: "node",
    testTimeout: 120_000,
  },
});
