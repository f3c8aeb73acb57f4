/**
 * Runs `run` once the next frame has been painted: in a task after that
 * frame's animation callbacks, so the work lands in a frame of its own. A
 * hidden tab paints no frames, hence the timer.
 */
export function afterPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 200);
}
