/**
 * Resolves in a task of its own, so what follows does not lengthen the
 * current one (on a phone, one task over 50 ms is a visible freeze). A
 * message to this page, as React's scheduler yields: a timer would also wait
 * on a paused clock (the e2e journeys that pause time).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
