// Registers the service worker that vite-plugin-pwa (Workbox) generates at build time, so the app, both Wasm
// modules and the gallery's data open offline after the first visit. New versions take over on the next load
// (registerType "autoUpdate"). The dev server has no service worker; the call is then a no-op.
import { registerSW } from "virtual:pwa-register";

let registered = false;

/** Registers the service worker once (later calls do nothing). */
export function registerOffline(): void {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  registerSW({ immediate: true, onRegisterError: (err: unknown) => console.warn("offline cache unavailable:", err) });
}
