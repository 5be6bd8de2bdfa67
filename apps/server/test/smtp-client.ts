import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/**
 * A raw SMTP client, one command at a time, for what a mail library will not do: send a DATA far
 * past the advertised SIZE, open many sessions at once, or say nothing at all.
 */
export class RawSmtp {
  private buffer = '';
  private waiting: ((line: string) => void) | null = null;
  private readonly replies: string[] = [];
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let i = this.buffer.indexOf('\r\n'); i >= 0; i = this.buffer.indexOf('\r\n')) {
        const line = this.buffer.slice(0, i);
        this.buffer = this.buffer.slice(i + 2);
        // A multi-line reply ends at its line with a space after the code.
        if (/^\d{3}-/.test(line)) continue;
        this.replies.push(line);
      }
      this.flush();
    });
    socket.on('error', () => {});
    this.closed = new Promise((resolve) => socket.once('close', () => {
      this.replies.push('closed');
      this.flush();
      resolve();
    }));
  }

  private flush() {
    if (this.waiting && this.replies.length > 0) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(this.replies.shift()!);
    }
  }

  /**
   * Connects from `localAddress` (default the loopback). `proxyFor` first sends a PROXY protocol v1
   * header naming that address as the sender, as a balancer with `proxy_protocol on` does.
   */
  static async open(port: number, localAddress?: string, proxyFor?: string): Promise<RawSmtp> {
    const socket = connect({ host: '127.0.0.1', port, ...(localAddress ? { localAddress } : {}) });
    const client = new RawSmtp(socket);
    await Promise.race([once(socket, 'connect'), client.closed]);
    if (proxyFor) socket.write(`PROXY TCP4 ${proxyFor} 127.0.0.1 40000 ${port}\r\n`);
    return client;
  }

  /** The next reply line ('closed' once the server closed the connection). */
  reply(): Promise<string> {
    const next = this.replies.shift();
    if (next !== undefined) return Promise.resolve(next);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  async command(line: string): Promise<string> {
    if (!this.socket.destroyed) this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** The greeting, EHLO, MAIL FROM and RCPT TO; the first reply that is not 2xx, or null when all were. */
  async envelope(to: string, from = 'sender@example.com'): Promise<string | null> {
    for (const step of [() => this.reply(), () => this.command('EHLO client.example'), () => this.command(`MAIL FROM:<${from}>`), () => this.command(`RCPT TO:<${to}>`)]) {
      const answer = await step();
      if (!answer.startsWith('2')) return answer;
    }
    return null;
  }

  /** DATA of `megabytes` MB of text lines, written as the socket takes them; the server's final reply. */
  async data(megabytes: number): Promise<string> {
    const go = await this.command('DATA');
    if (!go.startsWith('354')) return go;
    const line = `${'x'.repeat(998)}\r\n`;
    const chunk = Buffer.from(line.repeat(Math.floor((1024 * 1024) / line.length)));
    let sent = 0;
    while (sent < megabytes * 1024 * 1024 && !this.socket.destroyed) {
      if (!this.socket.write(chunk)) await Promise.race([once(this.socket, 'drain'), this.closed]);
      sent += chunk.length;
    }
    if (!this.socket.destroyed) this.socket.write('\r\n.\r\n');
    return this.reply();
  }

  end() {
    this.socket.destroy();
  }
}
