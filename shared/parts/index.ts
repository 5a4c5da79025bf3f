/**
 * `@salon/shared/parts`: small UI parts without state that several remotes draw alike (a stroked icon, a count
 * badge). Bundled in the remotes that use them rather than shared, like `@salon/shared/cropper`: a remote that
 * does not use them does not carry them.
 */
export { CountBadge } from './CountBadge';
export { StrokeIcon } from './StrokeIcon';
