export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else undefined. */
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  /** Raw body (sent as is, with `contentType`). */
  raw?: string;
  /** Override the Origin header; null sends none. Default: the app's origin. */
  origin?: string | null;
  /** Override the Content-Type; null sends none. Default: application/json when there is a body. */
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** A small HTTP client for tests: a cookie jar and the app's Origin/Content-Type by default. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  /**
   * `publicUrl`: the app's PUBLIC_URL when it is not the address the client calls (the pwa's tests
   * serve the page from another origin): a browser on the app's page sends that Origin.
   */
  constructor(
    readonly baseUrl: string,
    private readonly publicUrl: string = baseUrl,
    /** The app's clock: what a phone's authenticator shows codes for (two-step sign-in). */
    readonly now: () => Date = () => new Date(),
  ) {}

  get origin(): string {
    return new URL(this.publicUrl).origin;
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.raw;
    const origin = options.origin === undefined ? this.origin : options.origin;
    if (origin !== null && method !== 'GET' && method !== 'HEAD') headers.origin = origin;
    const contentType =
      options.contentType === undefined
        ? body !== undefined
          ? 'application/json'
          : null
        : options.contentType;
    if (contentType !== null) headers['content-type'] = contentType;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.storeCookie(line);
    const text = method === 'HEAD' ? '' : await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
    return {
      status: res.status,
      headers: res.headers,
      body: (isJson && text ? JSON.parse(text) : undefined) as T,
      text,
    };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<TestResponse<T>> {
    return this.request<T>('GET', path, { headers });
  }

  post<T = unknown>(
    path: string,
    json?: unknown,
    options: Omit<RequestOptions, 'json'> = {},
  ): Promise<TestResponse<T>> {
    return this.request<T>('POST', path, { ...options, json });
  }

  private storeCookie(line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [k, v] = a.trim().split('=');
      return k?.toLowerCase() === 'expires' && v !== undefined && new Date(v).getTime() <= Date.now();
    });
    if (!value || expired) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
