// Reloading a page after a server upgrade with the upgrade's files. A plain reload revalidates the HTML (served
// `no-cache`) but may take scripts and styles from the HTTP cache (they are cacheable for minutes), which would run
// the new page with the old code.

/** Fetches every file of this server the page loaded past the cache (which refreshes it), then reloads the page. */
export async function reloadWithFreshFiles() {
  const files = performance.getEntriesByType("resource").map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/`) && !url.startsWith(`${location.origin}/api/`));
  await Promise.allSettled([...new Set(files)].map((url) => fetch(url, { cache: "reload" })));
  location.reload();
}
