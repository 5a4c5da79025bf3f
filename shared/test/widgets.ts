import { act } from '@testing-library/react';
import type { MountFunction, WidgetProps } from '@salon/shared';

/**
 * Mounts a widget the way the loader does (its real `mount`) into a fresh element and waits until
 * its catalogs are loaded and it has rendered.
 */
export async function mountWidget(mount: MountFunction, props?: WidgetProps) {
  const element = document.createElement('div');
  document.body.append(element);
  let unmount: () => void = () => undefined;
  await act(async () => {
    unmount = mount(element, props);
    // Catalogs load through promise chains; one macrotask lets all of them settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return {
    element,
    unmount: () => {
      act(() => unmount());
      element.remove();
    },
  };
}
