/**
 * The server type-checks without the DOM's types (tsconfig.json here), but it imports `SPECIAL_PANORAMAS` from
 * `@salon/shared/contracts/room-frame`, whose message helpers (`sendToFrame`, `listenToFrame`…) name the browser's
 * `Window`. The server never calls them: for its type check only, a window is anything (the other configurations
 * exclude this file). Remove it once those helpers take a structural type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: no DOM on the server
type Window = any;
