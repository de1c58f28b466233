// A real SMTP server for tests (smtp-server on 127.0.0.1, no TLS, no auth) that keeps every message
// it receives. Restart it on the same port with `startSmtpServer({ port })` to simulate an outage.
// Messages are decoded by mailparser (RFC 2047 headers, base64 / quoted-printable bodies, multipart).
import { simpleParser, type HeaderValue } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Decoded Subject header. */
  subject: string;
  /** Headers, names lower-cased, values decoded to text (first occurrence wins). */
  headers: Record<string, string>;
  /** Decoded text/plain part, if any. */
  text?: string;
  /** Decoded text/html part, if any. */
  html?: string;
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the messages once at least `n` have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

// ---- MIME decoding (mailparser) ------------------------------------------------------------------

/** A header value as text: addresses as "Name <address>", dates as RFC 2822, structured values with their parameters. */
function headerText(value: HeaderValue): string {
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toUTCString();
  if (Array.isArray(value)) return value.length ? headerText(value[0]!) : "";
  if ("text" in value && typeof value.text === "string") return value.text;
  if ("value" in value && typeof value.value === "string" && "params" in value) {
    return value.value + Object.entries(value.params).map(([k, v]) => `; ${k}=${String(v)}`).join("");
  }
  // List-* headers: mailparser's parsed form.
  return JSON.stringify(value);
}

export async function parseMail(raw: Buffer, envelope: { from: string; to: string[] }): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const headers: Record<string, string> = {};
  for (const [name, value] of parsed.headers) headers[name] = headerText(value);
  return {
    ...envelope,
    subject: parsed.subject ?? "",
    headers,
    text: parsed.text,
    html: parsed.html === false ? undefined : parsed.html,
    raw: raw.toString("latin1"),
  };
}

// ---- server ------------------------------------------------------------------------------------

export async function startSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let parsing: Promise<void> = Promise.resolve();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    secure: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      // Any credentials are accepted, so an smtp://user:pass@ URL works too.
      callback(null, { user: auth.username ?? "test" });
    },
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 500,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (err) => callback(err));
      stream.on("end", () => {
        const mailFrom = session.envelope.mailFrom;
        const envelope = { from: mailFrom ? mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address) };
        // Parsed one after another, so `messages` keeps the order of arrival; the sender hears "250" only
        // once the message is in the list.
        parsing = parsing
          .then(() => parseMail(Buffer.concat(chunks), envelope))
          .then(
            (mail) => {
              messages.push(mail);
              for (const w of waiters) w();
              callback();
            },
            (err: Error) => callback(err),
          );
      });
    },
  });
  server.on("error", () => {
    // Client errors (resets while stopping) are not test failures.
  });

  const port = await new Promise<number>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once("error", onError);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.server.off("error", onError);
      const addr = server.server.address();
      if (addr && typeof addr === "object") resolve(addr.port);
      else reject(new Error("SMTP server has no port"));
    });
  });

  let stopped = false;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(n, timeoutMs = 5_000) {
      if (messages.length >= n) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length >= n) {
            cleanup();
            resolve(messages);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${n} messages, got ${messages.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    stop() {
      if (stopped) return Promise.resolve();
      stopped = true;
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
