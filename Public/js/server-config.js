// The server's /api/config (source, version, time zone, base map…), read by the map page and the station display.

/** The server's /api/config; `{}` when it cannot be read (the page then shows what it can with its defaults). */
export async function serverConfig() {
  try {
    const response = await fetch("/api/config");
    if (!response.ok) throw new Error(`/api/config answered ${response.status}`);
    return await response.json();
  } catch (error) {
    console.warn(`trackside: ${error.message}; using default settings`);
    return {};
  }
}
