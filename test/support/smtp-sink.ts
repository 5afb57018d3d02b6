import { createServer, type Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { freeLoopbackPort } from '#src/platform/database/loopback-port.js';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A message as the sink received it: the parsed mail and its recipients on the envelope. */
export interface ReceivedMail {
  parsed: ParsedMail;
  raw: string;
  recipients: string[];
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Answer every RCPT TO with this (e.g. '550 No such user'); null to accept again. */
  refuseRecipients(answer: { code: number; message: string } | null): void;
  stop(): Promise<void>;
  /** Listens again on the same port after `stop`. */
  start(): Promise<void>;
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

/** A real SMTP server on loopback (the `smtp-server` package) that keeps what it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const port = await freeLoopbackPort();
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  let server: SMTPServer | null = null;

  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Stopping must cut the client's pooled connections at once, as a crashed server would.
    closeTimeout: 50,
    onRcptTo(address, _session, callback) {
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              parsed,
              raw,
              recipients: session.envelope.rcptTo.map((r) => r.address),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  };

  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseRecipients(answer) {
      refusal = answer;
    },
    start() {
      server = new SMTPServer(options);
      return new Promise((done, fail) => {
        server!.once('error', fail);
        server!.listen(port, '127.0.0.1', () => done());
      });
    },
    stop() {
      const stopping = server;
      server = null;
      return new Promise((done) => (stopping ? stopping.close(() => done()) : done()));
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} e-mails, the SMTP server got ${received.length}`);
        }
        await new Promise((done) => setTimeout(done, 25));
      }
      return received;
    },
  };
  await sink.start();
  return sink;
}

/** A mail server that accepts connections and never says a word, as a hung one would. */
export async function startSilentSmtpServer(): Promise<{
  url: string;
  /** Connections the client opened so far. */
  connections(): number;
  stop(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let opened = 0;
  const server = createServer((socket) => {
    opened++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => opened,
    stop() {
      for (const socket of sockets) socket.destroy();
      return new Promise((done) => server.close(() => done()));
    },
  };
}
