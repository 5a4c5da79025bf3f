import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $modal, screenCaptureSupported } from '@salon/shared';
import { captureSize, downloadCrop, type CropSelection } from './capture';
import { openTestModal, settle, startServer, stopServer } from '../testing';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

interface Saved {
  href: string;
  download: string;
}
let saved: Saved[];
let stop: jest.Mock<() => void>;
let getDisplayMedia: jest.Mock<(options?: unknown) => Promise<MediaStream>>;
let drawn: { width: number; height: number }[];

function supportCapture(answer: () => Promise<MediaStream> = async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream) {
  getDisplayMedia = jest.fn(answer);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getDisplayMedia } });
}

beforeEach(() => {
  startServer();
  saved = [];
  drawn = [];
  stop = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  // jsdom plays no video and draws no canvas: a 1920×1080 screen, and a canvas that remembers its size.
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1920);
  jest.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(1080);
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    drawn.push({ width: this.width, height: this.height });
    return { drawImage: jest.fn() } as unknown as CanvasRenderingContext2D;
  });
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(async () => {
  await stopServer();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(globalThis, Symbol.for('salon.page@1/screen-capture-unsupported'));
});

describe('the capture size (spec §9: at most 1000 px wide)', () => {
  test.each([
    [1920, 1080, 1000, 563],
    [2560, 1440, 1000, 563],
    [1001, 500, 1000, 500],
    [1000, 700, 1000, 700],
    [800, 600, 800, 600],
    [0, 600, 0, 0],
  ])('%i×%i → %i×%i', (width, height, expectedWidth, expectedHeight) => {
    expect(captureSize(width, height)).toEqual({ width: expectedWidth, height: expectedHeight });
  });
});

describe('the screen capture (spec §2.4)', () => {
  test('unsupported: a console message, once; the modal says so and offers no capture', async () => {
    const info = jest.mocked(console.info);
    expect(screenCaptureSupported()).toBe(false);
    expect(screenCaptureSupported()).toBe(false);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('Screen capture is not supported by this browser'));
    const dialog = await openTestModal({ name: 'screen-capture' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Your browser cannot capture the screen.');
    expect(within(dialog).queryByRole('button', { name: 'Capture the screen' })).not.toBeInTheDocument();
  });

  test('Capture: the current tab is asked for, the modal hides meanwhile, one frame is kept at 1000 px wide, the tracks stop', async () => {
    let give: (stream: MediaStream) => void = () => undefined;
    supportCapture(() => new Promise<MediaStream>((resolve) => (give = resolve)));
    const dialog = await openTestModal({ name: 'screen-capture' });
    expect(dialog).toHaveAccessibleName('Screen capture');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Capture the screen' }));
    expect(getDisplayMedia).toHaveBeenCalledWith(expect.objectContaining({ video: true, audio: false, preferCurrentTab: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Capturing the screen…');

    give({ getTracks: () => [{ stop }, { stop }] } as unknown as MediaStream);
    const workspace = await screen.findByRole('dialog', { name: 'Crop your capture' });
    expect(drawn).toEqual([{ width: 1000, height: 563 }]);
    expect(stop).toHaveBeenCalledTimes(2);
    const area = within(workspace).getByRole('group', { name: 'Cropping area' });
    expect(area.querySelector('cropper-image')).toHaveAttribute('src', PNG);
    expect(area.querySelector('cropper-selection')).toHaveAttribute('keyboard');
    expect(within(workspace).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  test('Download in the workspace: a PNG file', async () => {
    supportCapture();
    const dialog = await openTestModal({ name: 'screen-capture' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Capture the screen' }));
    const workspace = await screen.findByRole('dialog', { name: 'Crop your capture' });
    await user.click(within(workspace).getByRole('button', { name: 'Download' }));
    await settle();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.download).toMatch(/^capture-\d{4}-\d{2}-\d{2}-\d{4}\.png$/);
    // jsdom lays nothing out, so the selection has no size: the whole capture is saved.
    expect(saved[0]?.href).toBe(PNG);
  });

  test('Cancel in the workspace closes the modal', async () => {
    supportCapture();
    const dialog = await openTestModal({ name: 'screen-capture' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Capture the screen' }));
    const workspace = await screen.findByRole('dialog', { name: 'Crop your capture' });
    await user.click(within(workspace).getByRole('button', { name: 'Cancel' }));
    expect($modal.get()).toBeNull();
  });

  test('the visitor cancels the browser\'s picker: "The capture was cancelled.", and can try again', async () => {
    supportCapture(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const dialog = await openTestModal({ name: 'screen-capture' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Capture the screen' }));
    const again = await screen.findByRole('dialog', { name: 'Screen capture' });
    expect(within(again).getByRole('alert')).toHaveTextContent('The capture was cancelled.');
    expect(within(again).getByRole('button', { name: 'Capture the screen' })).toBeInTheDocument();
  });

  test('a frame that cannot be drawn: "The screen could not be captured." and the tracks still stop', async () => {
    supportCapture();
    jest.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(0);
    const dialog = await openTestModal({ name: 'screen-capture' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Capture the screen' }));
    const again = await screen.findByRole('dialog', { name: 'Screen capture' });
    expect(within(again).getByRole('alert')).toHaveTextContent('The screen could not be captured.');
    expect(stop).toHaveBeenCalledTimes(1);
  });
});

describe('the download of the cropped area', () => {
  test("at the capture's own resolution: the selection divided by the display scale", async () => {
    const blob = new Blob(['png'], { type: 'image/png' });
    const canvas = { toBlob: (done: (b: Blob | null) => void) => done(blob) } as unknown as HTMLCanvasElement;
    const toCanvas = jest.fn(async (_options?: { width?: number }) => canvas);
    const selection: CropSelection = { width: 500, height: 300, $toCanvas: toCanvas };
    URL.createObjectURL = jest.fn(() => 'blob:http://localhost/crop');
    URL.revokeObjectURL = jest.fn();
    await downloadCrop(selection, 0.5, PNG);
    expect(toCanvas).toHaveBeenCalledWith({ width: 1000 });
    expect(saved).toEqual([{ href: 'blob:http://localhost/crop', download: expect.stringMatching(/\.png$/) }]);
  });
});
