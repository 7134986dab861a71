// What tests, screenshots and operators read from the page: `window.__errors` (every uncaught error, rejected
// promise and map error) and `window.__trackside`, a frozen object of getters over the live state.

/** Starts collecting errors into `window.__errors`; call first so that nothing is missed. */
export function collectErrors() {
  const errors = [];
  Object.defineProperty(window, "__errors", { value: errors, writable: false, configurable: false });
  window.addEventListener("error", (event) => errors.push(String(event.message ?? event.error ?? "error")));
  window.addEventListener("unhandledrejection", (event) => errors.push(`unhandled rejection: ${event.reason}`));
  return (message) => errors.push(String(message));
}

/** Publishes `window.__trackside`: read-only getters, so page code and tests cannot overwrite the state. */
export function publishStatus(read) {
  const getters = {};
  for (const [name, get] of Object.entries(read)) getters[name] = { get, enumerable: true };
  const status = Object.freeze(Object.defineProperties({}, getters));
  Object.defineProperty(window, "__trackside", { value: status, writable: false, configurable: false });
}
