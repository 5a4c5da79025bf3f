/**
 * `@salon/shared/cropper`: Cropper.js's workspace as a React hook, for the remotes that crop an image (the screen
 * capture, the exhibitor's picture). Its own entry, bundled in the remotes that use it rather than shared (it holds
 * no state, and they are never on the same page): cropperjs stays out of the remotes that do not crop.
 */
export { useCropper, type Cropping, type CropperSelection, type CropperWorkspace } from './useCropper';
