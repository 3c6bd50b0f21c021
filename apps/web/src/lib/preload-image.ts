const started = new Set<string>();

/**
 * Starts an image's download now, at high priority, ahead of the `<img>` that will show it (the
 * browser hands the preloaded response to that element). Once per URL for the page's life.
 */
export function preloadImage(href: string): void {
  if (started.has(href)) return;
  started.add(href);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}
