/**
 * Plain HTTP beside the HTTPS server, for the one step that must come before
 * trust: a phone downloads the certificate authority here (no certificate
 * warning in the way), installs it, then opens the app over HTTPS. Only the
 * certificate and a page that links it and the app are served; nothing of the
 * product is reachable over plain HTTP.
 */
import { X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export const CA_PATH = '/lockstep-ca.crt';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(appUrl: string): string {
  const app = escapeHtml(appUrl);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Lockstep on this network</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5">
<h1>Lockstep on this network</h1>
<ol><li><a href="${CA_PATH}">Download the certificate</a> and install it as a trusted certificate authority (the README's "Try it on a phone" says how on Android and iOS).</li>
<li>Open <a href="${app}">${app}</a>.</li></ol></body></html>`;
}

/** Serves the CA (DER, as phones' installers expect) at CA_PATH and a short how-to at every other path. */
export function serveCaDownload(caPem: string, appUrl: string, port: number, host: string): Promise<Server> {
  const der = new X509Certificate(caPem).raw;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if ((req.url ?? '/').split('?')[0] === CA_PATH) {
      res.writeHead(200, {
        'Content-Type': 'application/x-x509-ca-cert',
        'Content-Disposition': 'attachment; filename="lockstep-local-ca.crt"',
        'Content-Length': der.length,
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : der);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : page(appUrl));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
