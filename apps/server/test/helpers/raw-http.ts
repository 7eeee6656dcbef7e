import net from 'node:net';

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends bytes exactly as given (any request line, any framing) and reads the answer until the
 * server closes the connection. `null` when it closed without answering.
 */
export function rawRequest(baseUrl: string, request: string | Buffer): Promise<RawResponse | null> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponse(Buffer.concat(chunks).toString('utf8'))));
  });
}

export function parseResponse(text: string): RawResponse | null {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!match) return null;
  const split = text.indexOf('\r\n\r\n');
  return {
    status: Number(match[1]),
    head: split === -1 ? text : text.slice(0, split),
    body: split === -1 ? '' : text.slice(split + 4),
  };
}

/**
 * Opens a connection that sends `head`, then one byte of `trickle` every `everyMs`: a client too
 * slow to finish its request. Resolves with when and how the server ended it.
 */
export function slowRequest(
  baseUrl: string,
  head: string,
  trickle: string,
  everyMs: number,
): Promise<{ closedAfterMs: number; response: RawResponse | null }> {
  const { hostname, port } = new URL(baseUrl);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || socket.writableEnded) return;
      socket.write(trickle[sent % trickle.length]!);
      sent += 1;
    }, everyMs);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({
        closedAfterMs: Date.now() - started,
        response: parseResponse(Buffer.concat(chunks).toString('utf8')),
      });
    });
  });
}
