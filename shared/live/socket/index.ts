/** `@salon/shared/live/socket`: the page's one socket.io client. Its own entry: only the widgets that use it carry socket.io. */
export * from './socket';
