/**
 * Vite's preload helper appends a dynamic import's modulepreload links all at once, in the task that asks for the
 * import. Each link's insertion starts its fetch then and there, and on a phone-class CPU that costs several ms a
 * link: asking for the door-checks feature (about 15 links not yet in the page) was one task of 66-122 ms at 4x in a
 * reopened browser (decision 031). This rewrites the helper so the links go in a few per task, and the import itself
 * is asked for once they are all in, as before.
 */
import type { Plugin } from 'vite';

const HELPER_ID = '\0vite/preload-helper.js';
/** The one statement of Vite's helper (vite/src/node/plugins/importAnalysisBuild.ts) that inserts a link. */
const APPEND = 'document.head.appendChild(link);';

/** Links inserted per task. */
export const LINKS_PER_TASK = 3;

/** Prepended to the helper: a queue of links, appended LINKS_PER_TASK a task, each task posted as a message (no timer clamp). */
const APPEND_IN_STEPS = `
const linksToAppend = [];
function nextLinkTask() {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    for (const [link, appended, failed] of linksToAppend.splice(0, ${LINKS_PER_TASK})) {
      // One failing append fails its own import (the helper reports it as vite:preloadError), not the links after it.
      try {
        document.head.appendChild(link);
        appended();
      } catch (e) {
        failed(e);
      }
    }
    if (linksToAppend.length) nextLinkTask();
  };
  channel.port2.postMessage(null);
}
function appendInSteps(link) {
  return new Promise((appended, failed) => {
    if (linksToAppend.push([link, appended, failed]) === 1) nextLinkTask();
  });
}
`;

/** The helper's code with its links appended in steps; throws when the helper no longer has the statement. */
export function helperInSteps(code: string): string {
  const at = code.indexOf(APPEND);
  if (at < 0 || code.indexOf(APPEND, at + 1) >= 0) {
    throw new Error(`preload-in-steps: Vite's preload helper no longer has exactly one "${APPEND}"`);
  }
  // A script's link resolves once appended, so the import waits for it; a stylesheet's still waits for its load.
  return APPEND_IN_STEPS + code.replace(APPEND, 'const appended = appendInSteps(link); if (!isCss) return appended;');
}

export function preloadInSteps(): Plugin {
  let rewritten = false;
  return {
    name: 'lockstep:preload-in-steps',
    apply: 'build',
    transform: {
      // A filter, so the bundler does not call this hook for every module.
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(code, id) {
        if (id !== HELPER_ID) return null;
        rewritten = true;
        return { code: helperInSteps(code), map: null };
      },
    },
    generateBundle(_options, bundle) {
      const hasHelper = Object.values(bundle).some((o) => o.type === 'chunk' && o.moduleIds.includes(HELPER_ID));
      if (hasHelper && !rewritten) this.error("preload-in-steps: Vite's preload helper was not rewritten, so its links go in all at once");
    },
  };
}
