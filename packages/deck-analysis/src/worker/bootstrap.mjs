// Entry of every worker process: loads the TypeScript worker module named in
// FITSCORE_WORKER_ENTRY (after the plain-JS modules in FITSCORE_WORKER_PRELOAD).
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
const entry = process.env.FITSCORE_WORKER_ENTRY;
if (typeof entry !== 'string') throw new Error('bootstrap.mjs needs FITSCORE_WORKER_ENTRY');
for (const specifier of JSON.parse(process.env.FITSCORE_WORKER_PRELOAD ?? '[]')) await import(specifier);
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
