/**
 * For tests that run `npm start` as a child process: a GET to one of its sites by host name, and
 * stopping the child (once, waiting for it to exit).
 */
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';

/** GET `pathname` from the server on 127.0.0.1:`port` with the Host header `host`. */
export function getFromHost(pathname: string, host: string, port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** Stops a child that is still running, and waits for it to exit. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
