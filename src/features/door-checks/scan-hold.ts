/**
 * Which scanned texts the scan page acts on. The camera reports the code in
 * view many times a second, so the code whose result was shown is held: it is
 * ignored while its result is on screen and also after Cancel or Dismiss (an
 * officer who backs out while still pointing at the door must not be pulled
 * back into its form). It counts again once a different code is read, or when
 * the page releases it (a check saved, then Scan next door); the door picker
 * below the scanner opens it at any time. No timing rule: a phone that decodes
 * slowly must not reopen a form the officer just closed.
 */
export class ScanHold {
  private text: string | null = null;

  /** True when `text` should be acted on; it is then held. */
  accept(text: string): boolean {
    if (text === this.text) return false;
    this.text = text;
    return true;
  }

  release(): void {
    this.text = null;
  }
}
