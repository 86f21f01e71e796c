import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * A real OpenID provider on this machine (panva's `oidc-provider`, a certified implementation), for
 * the api's tests and for `npm start` in development ("Demo district sign-in" with two demo
 * identities, decision 102). Its sign-in page lists the identities: one click signs in as one.
 * A dev dependency: production never loads this file.
 */
export interface LocalIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** Google's `hd`, for tests of domain-restricted join links. */
  hd?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The identities its page offers; a test may add more. */
  identities: LocalIdentity[];
  /** Registers this app's client with its redirect address (call once, before the first sign-in). */
  registerClient(redirectUris: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The identities `npm start` offers (README, "Sign in with Google, Microsoft or a district"). */
export const demoIdentities: LocalIdentity[] = [
  { sub: 'demo-dana', email: 'dana.rivera@district.example', emailVerified: true, name: 'Dana Rivera' },
  { sub: 'demo-sam', email: 'sam.okafor@district.example', emailVerified: true, name: 'Sam Okafor' },
];

/** The provider's storage, in memory (its own: the library's quick-start one is for development only). */
function memoryAdapter(): (name: string) => Adapter {
  const items = new Map<string, { payload: AdapterPayload; until: number }>();
  return (name) => {
    const key = (id: string) => `${name}:${id}`;
    const get = (id: string) => {
      const item = items.get(key(id));
      return item && item.until > Date.now() ? item.payload : undefined;
    };
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [k, item] of items)
        if (k.startsWith(`${name}:`) && item.payload[field] === value) return item.payload;
      return undefined;
    };
    return {
      upsert: async (id, payload, expiresIn) => {
        items.set(key(id), { payload, until: Date.now() + (expiresIn || 3600) * 1000 });
      },
      find: async (id) => get(id),
      findByUid: async (uid) => findBy('uid', uid),
      findByUserCode: async (code) => findBy('userCode', code),
      consume: async (id) => {
        const item = items.get(key(id));
        if (item) item.payload = { ...item.payload, consumed: Math.floor(Date.now() / 1000) };
      },
      destroy: async (id) => {
        items.delete(key(id));
      },
      revokeByGrantId: async (grantId) => {
        for (const [k, item] of items) if (item.payload.grantId === grantId) items.delete(k);
      },
    };
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy();
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function page(identities: LocalIdentity[], uid: string): string {
  const buttons = identities
    .map(
      (identity) => `<form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
  <input type="hidden" name="sub" value="${escapeHtml(identity.sub)}">
  <button type="submit">Sign in as ${escapeHtml(identity.name)} (${escapeHtml(identity.email)})</button>
</form>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo district sign-in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Demo district sign-in</h1>
<p>A local OpenID provider for trying single sign-on. Choose who signs in:</p>
${buttons}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

/** Listens on `port` of `host`; a port already taken falls back to a free one when `fallback`. */
async function listen(server: Server, host: string, port: number, fallback: boolean): Promise<number> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if (!fallback || port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return listen(server, host, 0, false);
  }
  return (server.address() as AddressInfo).port;
}

/**
 * Starts the provider on `host`: on `port` (any free port when 0 or not given; with
 * `fallbackToFreePort`, a free one when `port` is taken). Its issuer is `http://host:port`; the
 * client's id and secret are made here.
 */
export async function startLocalOidcProvider(
  options: { host?: string; port?: number; fallbackToFreePort?: boolean; identities?: LocalIdentity[] } = {},
): Promise<LocalOidcProvider> {
  const { default: Provider, interactionPolicy } = await import('oidc-provider');
  // Google's and Microsoft's `prompt=select_account` (this app asks for it): accepted, and the page
  // that lists the identities is shown in any case.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));
  const identities = [...(options.identities ?? demoIdentities)];
  const clientId = 'pd-app';
  const clientSecret = randomBytes(24).toString('base64url');
  let provider: InstanceType<typeof Provider> | null = null;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string) {
    if (!provider) throw new Error('no client registered');
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET' && action === '') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page(identities, uid));
      return;
    }
    if (req.method === 'POST' && action === '/abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const sub = (await readForm(req)).get('sub');
    const identity = identities.find((i) => i.sub === sub);
    if (req.method !== 'POST' || action !== '/login' || !identity) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('Choose one of the identities.');
      return;
    }
    const grant = new provider.Grant({ accountId: identity.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      // The page lists the identities: choosing one is also the account selection asked for.
      { login: { accountId: identity.sub }, consent: { grantId }, select_account: {} },
      { mergeWithLastSubmission: false },
    );
  }

  const server = createServer((req, res) => {
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/abort)?$/.exec(
      new URL(req.url ?? '/', 'http://x').pathname,
    );
    if (match?.[1]) {
      interaction(req, res, match[1], match[2] ?? '').catch(() => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('This sign-in has expired. Start again from the app.');
      });
      return;
    }
    if (!handler) {
      res.writeHead(503).end();
      return;
    }
    handler(req, res);
  });
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, host, options.port ?? 0, options.fallbackToFreePort ?? false);
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'local-1', alg: 'RS256', use: 'sig' };

  return {
    issuer,
    clientId,
    clientSecret,
    identities,
    async registerClient(redirectUris) {
      provider = new Provider(issuer, {
        adapter: memoryAdapter(),
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        jwks: { keys: [signingKey] },
        cookies: { keys: [randomBytes(32).toString('base64url')] },
        pkce: { required: () => true, methods: ['S256'] },
        features: { devInteractions: { enabled: false } },
        interactions: { policy, url: (_ctx, details) => `/interaction/${details.uid}` },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'hd'] },
        findAccount: (_ctx, sub) => {
          const identity = identities.find((i) => i.sub === sub);
          if (!identity) return undefined;
          return {
            accountId: sub,
            claims: () => ({
              sub,
              email: identity.email,
              email_verified: identity.emailVerified,
              name: identity.name,
              ...(identity.hd ? { hd: identity.hd } : {}),
            }),
          };
        },
        renderError: (ctx, out) => {
          ctx.type = 'text/plain';
          ctx.body = `The demo provider refused this request: ${String(out.error)}`;
        },
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          IdToken: 600,
          Interaction: 600,
          Session: 3600,
          Grant: 3600,
        },
      });
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
