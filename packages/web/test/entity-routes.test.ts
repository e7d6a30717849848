import { MantineProvider } from '@mantine/core';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EntityRoutes } from '../src/routing/EntityRoutes';

const page = (name: string) => h('p', null, name);
/** The list shows the dialogs over it in its Outlet. */
const list = h('div', null, page('list'), h(Outlet));
const writersOnly = (child: ReactNode) => h('section', null, child);

/** What the area shows at a path below /area (the not-found page is drawn with Mantine). */
const shownAt = (path: string) =>
  renderToStaticMarkup(
    h(
      MantineProvider,
      null,
      h(
        MemoryRouter,
        { initialEntries: [path] },
        h(
          Routes,
          null,
          h(Route, {
            path: '/area/*',
            element: h(EntityRoutes, {
              list,
              dialogs: { ':id/delete': page('delete') },
              pages: { new: page('form') },
              detail: page('detail'),
              writersOnly,
            }),
          }),
        ),
      ),
    ),
  );

describe('EntityRoutes: the routes of a people or vehicle area', () => {
  it.each([
    ['/area', '<div><p>list</p></div>'],
    ['/area/5/delete', '<div><p>list</p><section><p>delete</p></section></div>'],
    ['/area/new', '<section><p>form</p></section>'],
    ['/area/5', '<p>detail</p>'],
  ])('%s shows %s', (path, html) => {
    expect(shownAt(path)).toContain(html);
  });

  it('shows not found for a path it does not have', () => {
    expect(shownAt('/area/5/edit')).toContain('data-testid="not-found"');
  });
});
