/**
 * A QR code a phone's camera can read off the terminal: two rows of modules
 * per line in half-block characters, drawn black on a white background the
 * escape codes set, so it scans on dark and light terminal themes alike.
 */
import QRCode from 'qrcode';

export function terminalQr(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
}
