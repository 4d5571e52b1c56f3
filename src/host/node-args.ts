// How a TypeScript entry of ours is started as a child process: Node itself with tsx's loader,
// and the "production" export condition. Without that condition Lexical (inside the Payload
// config) resolves to its development wrappers, each a top-level `await import()` of the
// real module; under load Node now and then exited with 13 ("unsettled top-level await")
// before running any of our code while a web of them was linking. The production builds
// load without a top-level await. `npm start` and `npm run worker` start the same way
// (package.json).
export const TSX_NODE_ARGS: readonly string[] = ['--conditions=production', '--import', 'tsx']
