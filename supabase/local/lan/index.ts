/**
 * `npm start -- --lan`: the stack over HTTPS on this machine's network
 * address, so a phone on the same network gets a secure context (service
 * worker, camera) and reaches the projects at the address it opened.
 */
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { lanAddress, urlHost } from './address';
import { CA_PATH } from './ca-download';
import { lanCertificate, type LanCertificate } from './certificate';
import { terminalQr } from './terminal-qr';

export { serveCaDownload } from './ca-download';

export interface LanSetup {
  address: string;
  /** The app's HTTPS address on the network. */
  url: string;
  /** Where a phone downloads the CA over plain HTTP (the next port). */
  caUrl: string;
  caPort: number;
  tls: LanCertificate;
}

export async function prepareLan(port: number, dataRoot: string, env: NodeJS.ProcessEnv): Promise<LanSetup> {
  const address = lanAddress(networkInterfaces(), env.LAN_ADDRESS);
  // localhost and 127.0.0.1 too: the same server is opened on this machine.
  const tls = await lanCertificate(join(dataRoot, 'lan-tls'), [...new Set([address, 'localhost', '127.0.0.1'])]);
  const host = urlHost(address);
  return { address, url: `https://${host}:${port}`, caUrl: `http://${host}:${port + 1}${CA_PATH}`, caPort: port + 1, tls };
}

export async function lanBanner(lan: LanSetup, caServed: boolean): Promise<string> {
  const signer = lan.tls.source === 'mkcert' ? "mkcert's CA" : 'the Lockstep local CA kept in the data dir';
  return [
    `  On a phone on this network (certificate signed by ${signer}):`,
    caServed
      ? `    1. trust the CA once: open ${lan.caUrl} and install it (README: "Try it on a phone")`
      : `    1. trust the CA once (README: "Try it on a phone"); port ${lan.caPort} was busy, so copy it from the data dir's lan-tls folder`,
    `    2. scan this code, or open ${lan.url}`,
    '',
    await terminalQr(lan.url),
  ].join('\n');
}
