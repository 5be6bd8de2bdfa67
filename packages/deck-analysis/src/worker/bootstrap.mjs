// Entry of every worker thread: loads the TypeScript worker module named in
// workerData.entry.
//
// Why a .mjs bootstrap: the package ships .ts sources, and a worker thread on Node 20
// does not get the host's tsx loader even with `--import tsx` in its execArgv (checked
// on 20.20: ERR_UNKNOWN_FILE_EXTENSION). So we register tsx inside the worker (also on
// Node versions that strip types natively: their strip-only mode rejects constructor
// parameter properties, which this package uses).
//
// Why preload first: once tsx's hooks are registered they transform every module
// loaded afterwards, which costs memory and time on large plain-JS dependencies (pdf.js,
// which this package used before PDFium, took ~350 MB of RSS that way against ~60 MB
// loaded plainly; PDFium's 300 KB of glue doubles its load cost). Heavy plain-JS
// dependencies are therefore imported before tsx; later imports of them hit the cache.
import { workerData } from 'node:worker_threads';

const entry = workerData?.entry;
if (typeof entry !== 'string') throw new Error('bootstrap.mjs needs workerData.entry');
for (const specifier of workerData?.preload ?? []) await import(specifier);
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
