// The Node.js flags the server process runs with: `npm start` (package.json, which cannot
// import this and repeats it), `npm run cluster`, the benchmarks and the end-to-end tests.
// A young generation of 64 MiB semi-spaces instead of 16: under load most of what the server
// allocates (requests, answers, group commits, broadcasts) lives for one group or one
// broadcast, and a small young generation collected it every few tens of milliseconds while
// it was still alive, copying it each time. bench/fanout: GC 0.56-0.59 s against 1.98-2.07 s of
// a 30 s run, a staff PUT 252-270 ms against 386-391 ms, 188-190 changes/s against 170-173/s
// (docs/decisions.md "A larger young generation").
// An old generation let grow to four times what a full collection leaves before the next one
// (V8 picks 1.1-4 times by its own measure): at 2,000 placements a second about 10 MB a second
// reaches the old generation and dies there, and the full collections every 4-9 s held up the
// requests around them (about half of the open loop's answers over 35 ms fell within 80 ms of
// one). Every ~18 s instead, for ~120 MB more heap at its peak (docs/decisions.md "Fewer full
// collections").
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--heap-growing-percent=300'];
