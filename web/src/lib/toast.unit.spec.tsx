import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_REMOVE_DELAY, Toaster, dispatch, resetToasts, toast, toastReducer, useToast } from './toast';

function Count() {
  const { toasts } = useToast();
  return <p data-testid="count">{toasts.length}</p>;
}

beforeEach(() => {
  jest.useFakeTimers();
  resetToasts();
});
afterEach(() => jest.useRealTimers());

describe('Toasts', () => {
  it('should show only one toast at a time', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('should hide after 5000 ms by default', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Hello' }));
    act(() => void jest.advanceTimersByTime(4999));
    expect(screen.getByText('Hello')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('should remove a dismissed toast only after 1,000,000 ms', () => {
    render(
      <>
        <Toaster />
        <Count />
      </>,
    );
    let handle: ReturnType<typeof toast>;
    act(() => void (handle = toast({ title: 'Bye' })));
    act(() => handle.dismiss());
    expect(screen.queryByText('Bye')).not.toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    act(() => void jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.getByTestId('count')).toHaveTextContent('0');
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('should update a toast in place', () => {
    render(<Toaster />);
    act(() => {
      const t = toast({ title: 'Uploading...' });
      t.update({ title: 'Uploaded' });
    });
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
  });

  it('should dismiss on a swipe right of 50 px, not less', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Swipe me' }));
    const el = screen.getByTestId('toast');
    fireEvent.pointerDown(el, { clientX: 100 });
    fireEvent.pointerMove(el, { clientX: 140 });
    fireEvent.pointerUp(el, { clientX: 149 });
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    fireEvent.pointerDown(el, { clientX: 100 });
    fireEvent.pointerUp(el, { clientX: 150 });
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });

  it('should focus the toast area on F8', () => {
    render(<Toaster />);
    fireEvent.keyDown(document, { key: 'F8' });
    expect(screen.getByTestId('toast-viewport')).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('should keep the reducer pure: add, update, dismiss, remove', () => {
    let s = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', open: true, title: 'a' } });
    s = toastReducer(s, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'b' } });
    expect(s.toasts[0].title).toBe('b');
    s = toastReducer(s, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(s.toasts[0].open).toBe(false);
    s = toastReducer(s, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(s.toasts).toEqual([]);
    act(() => dispatch({ type: 'REMOVE_TOAST' }));
  });
});

describe('Toasts as assistive technology reads them', () => {
  it('given a toast on show, when axe checks the list, then every child of the list is a list item and the toast says its words as a live region', async () => {
    jest.useRealTimers();
    const { default: axe } = await import('axe-core');
    const { container } = render(<Toaster />);
    act(() => void toast({ title: 'Saved', description: 'Your series is on autopilot.' }));

    const results = await axe.run(container, { runOnly: ['list', 'listitem', 'aria-allowed-role'] });

    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('SavedYour series is on autopilot.');
  });
});
