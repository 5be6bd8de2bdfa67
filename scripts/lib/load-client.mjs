import { connect } from 'node:net';

/**
 * The load generator of the benches: `connections` kept-alive HTTP/1.1 sockets, each carrying one
 * request at a time, as many concurrent clients would. It shares the machine's two cores with the
 * server and the database, so it does as little as a load generator can: each request is written
 * as one buffer, and each answer is read only to its status and its `content-length` (the API
 * answers every call it measures with a length), never decoded. `node:http` cost 0.25–0.5 ms of
 * CPU per request here, autocannon 0.2–0.4 ms, this 0.06–0.16 ms (ADR 0035).
 *
 * `request(method, path, body?)` resolves when the whole answer has arrived, and rejects on a
 * status of 400 or more (a measure must not count refusals as answers).
 */
export function loadClient({ port, token, connections }) {
  const sockets = Array.from({ length: connections }, () => openConnection(port));
  const idle = [...sockets];
  const waiting = [];
  const acquire = () => (idle.length ? Promise.resolve(idle.pop()) : new Promise((resolve) => waiting.push(resolve)));
  const release = (socket) => (waiting.length ? waiting.shift()(socket) : idle.push(socket));

  return {
    async request(method, path, body) {
      const payload = body === undefined ? '' : JSON.stringify(body);
      const head =
        `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Token ${token}\r\n` +
        (payload ? `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n` : '') +
        '\r\n';
      const socket = await acquire();
      try {
        const status = await socket.send(Buffer.from(head + payload));
        if (status >= 400) throw new Error(`${method} ${path}: ${status}`);
      } finally {
        release(socket);
      }
    },
    close() {
      for (const socket of sockets) socket.close();
    },
  };
}

/**
 * One kept-alive connection: `send` writes a request and resolves with the answer's status once its
 * body has arrived. The server closes a connection idle for its keep-alive time (5 s by default);
 * the next request then opens a new one.
 */
function openConnection(port) {
  let socket = null;
  let pending = null;
  let buffered = Buffer.alloc(0);
  /** Where the answer being read ends in `buffered` (-1 until its head has arrived). */
  let end = -1;
  let status = 0;
  const fail = (err) => {
    socket?.destroy();
    socket = null;
    pending?.reject(err);
    pending = null;
  };
  const onData = (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    if (end < 0) {
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = buffered.toString('latin1', 0, headEnd);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (!length) return fail(new Error(`an answer without content-length: ${head.split('\r\n')[0]}`));
      status = Number(head.slice(9, 12));
      end = headEnd + 4 + Number(length[1]);
    }
    if (buffered.length < end) return;
    if (buffered.length > end) return fail(new Error('more bytes than the answer announced'));
    buffered = Buffer.alloc(0);
    end = -1;
    const { resolve } = pending;
    pending = null;
    resolve(status);
  };
  const open = () => {
    const s = connect({ host: '127.0.0.1', port, noDelay: true });
    s.on('data', onData);
    s.on('error', fail);
    s.on('close', () => {
      if (socket !== s) return;
      socket = null;
      if (pending) fail(new Error('the server closed the connection before answering'));
    });
    return s;
  };
  return {
    send: (bytes) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        buffered = Buffer.alloc(0);
        end = -1;
        socket ??= open();
        socket.write(bytes);
      }),
    close: () => {
      const s = socket;
      socket = null;
      s?.end();
    },
  };
}
