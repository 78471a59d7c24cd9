import { fireEvent, screen } from '@testing-library/react';
import { marker, renderRoutes } from '../../../test/render';
import { LinkButton } from './link-button';

function renderButton() {
  return renderRoutes({ at: '/list', withAuth: false, routes: [{ path: '/list', element: <LinkButton to="/detail">View Details</LinkButton> }, marker('/detail', 'The detail page')] });
}

describe('LinkButton', () => {
  it('given a link button, when clicked, then the app goes to its page without loading a document', () => {
    const { router } = renderButton();
    const link = screen.getByRole('link', { name: 'View Details' });
    expect(link).toHaveAttribute('href', '/detail');

    const followed = fireEvent.click(link, { button: 0 });

    expect(followed).toBe(false);
    expect(router.state.location.pathname).toBe('/detail');
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('given a link button, when %s-clicked, then the browser keeps the click (a new tab, a window, a download)', (_, modifier) => {
    const { router } = renderButton();

    const followed = fireEvent.click(screen.getByRole('link', { name: 'View Details' }), { button: 0, ...modifier });

    expect(followed).toBe(true);
    expect(router.state.location.pathname).toBe('/list');
  });
});
