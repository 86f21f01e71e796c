import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Makes the next `n` messages fail with a temporary error (an SMTP outage). */
  failNext(n: number): void;
  /** Makes the server refuse mail to `address` for good (550 at RCPT TO), as a district's filter may. */
  refuse(address: string, reason?: string): void;
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addressOf(parsed: ParsedMail): string {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return to?.value[0]?.address?.toLowerCase() ?? '';
}

/** An in-process SMTP server on 127.0.0.1 (no STARTTLS: its built-in certificate has expired). */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const refused = new Map<string, string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const reason = refused.get(address.address.toLowerCase());
      if (reason) callback(Object.assign(new Error(reason), { responseCode: 550 }));
      else callback();
    },
    onData(stream, _session, callback) {
      if (failures > 0) {
        failures--;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('451 temporary failure'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: addressOf(parsed),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext: (n) => {
      failures = n;
    },
    refuse: (address, reason = 'Recipient address rejected: blocked by policy') => {
      refused.set(address.toLowerCase(), reason);
    },
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching mail within ${timeoutMs} ms (got ${received.length})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
