/**
 * Run by pglite-wasm-code-gc.test.ts in a child process started with
 * --trace-wasm-code-gc: opens and closes databases one after another, each on
 * its own worker thread, as tenants, tests and timeouts do in the stack.
 */
import { openPglite } from '../../supabase/local/engine/pglite-engine';

for (let i = 0; i < 4; i++) {
  const db = await openPglite({});
  for (let j = 0; j < 150; j++) await db.query('select x from generate_series(1, 200) x order by x desc');
  await db.close();
}
console.log('churn done');
