import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on (at the moment of asking). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes as they are on a new connection and reads the answer until the server closes it:
 * for what clients like fetch refuse to send (broken request lines, malformed escapes).
 */
export async function rawRequest(port: number, bytes: string): Promise<RawAnswer> {
  const received = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.once('close', () => {
      resolve(text);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // The server may close while the rest of a refused request is still being written.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(text);
      else reject(error);
    });
    socket.write(bytes);
  });
  const [head = '', body = ''] = received.split('\r\n\r\n', 2);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body };
}

/** Polls `check` until it answers true or the time is up. */
export async function eventually(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
