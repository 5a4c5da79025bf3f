import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import * as React from 'react';
import { act, screen } from '@testing-library/react';
import { useLingui } from '@lingui/react/macro';
import { createMount, mountedWidgets, type WidgetProps } from './mount';
import { SHARED_INSTANCE } from './instance';
import { $sidebar } from './bus/sidebar';
import { setPageData } from './bus/pageData';
import { activateLocale } from './i18n/catalogs';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { mountWidget, startOnVisitorPage } from '@salon/shared/test/widgets';

const noMessages = (_locale: string) => Promise.resolve({ messages: {} });

function Hello({ who }: WidgetProps) {
  const { t } = useLingui();
  return (
    <p>
      {t`This part of the page is unavailable.`} {String(who ?? '')}
    </p>
  );
}

function Boom(): React.ReactElement {
  throw new Error('boom');
}

let errors: ReturnType<typeof jest.spyOn>;
beforeEach(async () => {
  errors = await startOnVisitorPage();
});
afterEach(() => {
  errors.mockRestore();
  document.body.innerHTML = '';
});

describe('createMount()', () => {
  test('renders the widget with its props and registers it for the singleton checks', async () => {
    const mount = createMount('hello', Hello, { loadMessages: noMessages });
    const widget = await mountWidget(mount, { who: 'Ana' });
    expect(screen.getByText('This part of the page is unavailable. Ana')).toBeInTheDocument();
    const registry = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('salon.mounted')];
    expect(registry).toBe(mountedWidgets());
    expect(mountedWidgets()).toEqual([{ widget: 'hello', React, sharedToken: SHARED_INSTANCE, $sidebar }]);
    widget.unmount();
    expect(mountedWidgets()).toEqual([]);
    expect(screen.queryByText(/Ana/)).not.toBeInTheDocument();
  });

  test('loads the widget catalog for the active language and renders in it', async () => {
    setPageData(withLocale(visitorPageData(), 'fr_FR'));
    await activateLocale('fr_FR');
    const loadMessages = jest.fn(noMessages);
    await mountWidget(createMount('hello-fr', Hello, { loadMessages }));
    expect(loadMessages).toHaveBeenCalledWith('fr');
    expect(screen.getByText('Cette partie de la page est indisponible.')).toBeInTheDocument();
  });

  test('follows a language switch live', async () => {
    await mountWidget(createMount('hello-live', Hello, { loadMessages: noMessages }));
    expect(screen.getByText('This part of the page is unavailable.')).toBeInTheDocument();
    await act(() => activateLocale('fr_FR'));
    expect(screen.getByText('Cette partie de la page est indisponible.')).toBeInTheDocument();
  });

  test('a widget that throws shows a small notice, logs, and leaves the page alone', async () => {
    const neighbour = document.createElement('p');
    neighbour.textContent = 'The rest of the page';
    document.body.append(neighbour);
    await mountWidget(createMount('boom', Boom, { loadMessages: noMessages }));
    expect(screen.getByText('This part of the page is unavailable.')).toBeInTheDocument();
    expect(screen.getByText('The rest of the page')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('[salon] widget "boom" failed', expect.objectContaining({ message: 'boom' }), expect.anything());
  });

  test('a widget whose catalog cannot load still renders, and the failure is logged', async () => {
    const broken = () => Promise.reject(new Error('404'));
    await mountWidget(createMount('no-catalog', Hello, { loadMessages: broken }));
    expect(screen.getByText('This part of the page is unavailable.')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('could not load the "no-catalog" messages'), expect.anything());
  });

  test('unmounting before the catalogs arrive renders nothing', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    const unmount = createMount('quick', Hello, { loadMessages: noMessages })(element);
    unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(element).toBeEmptyDOMElement();
    expect(mountedWidgets().map((entry) => entry.widget)).not.toContain('quick');
  });
});
