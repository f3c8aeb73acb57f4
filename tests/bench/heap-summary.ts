/**
 * What a page's JS heap holds, for the profiling aid (profile-dashboard.ts, HEAP=1): a heap snapshot through the
 * DevTools protocol, after a full GC, summed by node type and constructor name (self sizes), the largest first.
 */
import type { CDPSession } from '@playwright/test';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export async function heapSummary(cdp: CDPSession, top = 25): Promise<string> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => void chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await cdp.send('HeapProfiler.disable');
  }
  const snap = JSON.parse(chunks.join('')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [type, name, self] = ['type', 'name', 'self_size'].map((f) => {
    const at = fields.indexOf(f);
    if (at < 0) throw new Error(`heap snapshot without a ${f} field`);
    return at;
  }) as [number, number, number];
  const sums = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const kind = types[snap.nodes[i + type] ?? 0] ?? '?';
    const label = kind === 'object' || kind === 'native' ? String(snap.strings[snap.nodes[i + name] ?? 0]).slice(0, 60) : `(${kind})`;
    const bytes = snap.nodes[i + self] ?? 0;
    total += bytes;
    const s = sums.get(label) ?? { bytes: 0, count: 0 };
    s.bytes += bytes;
    s.count += 1;
    sums.set(label, s);
  }
  const mb = (b: number) => (b / 1048576).toFixed(2);
  const rows = [...sums].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top);
  return `heap after a full GC: ${mb(total)} MB\n${rows.map(([k, v]) => `    ${mb(v.bytes).padStart(7)} MB ${String(v.count).padStart(8)} × ${k}`).join('\n')}`;
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** Starts V8's sampling heap profiler, counting objects a GC has collected since (what a load allocated, not what it kept). */
export async function startAllocationSampling(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 8192,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}

/** Stops the sampling, and adds each function's allocations (bytes) into `totals`. */
export async function addAllocations(cdp: CDPSession, totals: Map<string, number>): Promise<void> {
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  await cdp.send('HeapProfiler.disable');
  const walk = (n: SamplingNode) => {
    const where = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber}`;
    if (n.selfSize) totals.set(where, (totals.get(where) ?? 0) + n.selfSize);
    n.children.forEach(walk);
  };
  walk(profile.head);
}
