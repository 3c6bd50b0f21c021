/**
 * A tiny cookie-keeping HTTP client that follows redirects by hand, so tests can walk the
 * OpenID flow like a browser and stop at any hop to tamper with it.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const headers = new Headers(init.headers);
    const own = url.origin === new URL(this.baseUrl).origin;
    if (this.cookies.size && own) headers.set('cookie', this.cookieHeader());
    // A browser names the page's origin on every state-changing request (plugins/security.ts).
    const method = (init.method ?? 'GET').toUpperCase();
    if (own && !['GET', 'HEAD'].includes(method) && !headers.has('origin')) {
      headers.set('origin', url.origin);
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(res);
    return res;
  }

  /** Follows redirects until a non-redirect answer or until `stopWhen` matches the next URL. */
  async follow(
    pathOrUrl: string,
    opts: { init?: RequestInit; stopWhen?: (next: URL) => boolean; maxHops?: number } = {},
  ): Promise<{ res: Response; url: URL }> {
    let url = new URL(pathOrUrl, this.baseUrl);
    let res = await this.request(url.href, opts.init);
    for (let hop = 0; hop < (opts.maxHops ?? 10); hop++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) break;
      url = new URL(location, url);
      if (opts.stopWhen?.(url)) break;
      res = await this.request(url.href);
    }
    return { res, url };
  }
}

export function form(data: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(data).toString(),
  };
}
