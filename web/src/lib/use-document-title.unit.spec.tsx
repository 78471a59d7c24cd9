import { act, render } from '@testing-library/react';
import { ANNOUNCE_AFTER_MS, showDocumentTitle, useDocumentTitle } from './use-document-title';

function Titled({ title }: { title?: string }) {
  useDocumentTitle(title);
  return null;
}

const announced = () => document.getElementById('page-announcer')?.textContent ?? null;

describe('When a page names itself', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('should show its title in the tab, and not read out the page the browser loaded (the screen reader does)', () => {
    render(<Titled title="Billing" />);
    expect(document.title).toBe('Billing | ReelPilot');
    act(() => void jest.advanceTimersByTime(ANNOUNCE_AFTER_MS * 2));
    expect(announced()).toBe('');
  });

  it("should read out a page reached inside the app once its title has settled, and the same words again for the next page", () => {
    const { rerender } = render(<Titled title="Dashboard" />);
    act(() => window.history.pushState({}, '', '/dashboard/view/v1'));
    rerender(<Titled title="Video" />);
    // The video's own title arrives before the page is read out: only it is.
    rerender(<Titled title="Owls at night" />);
    expect(announced()).toBe('');
    act(() => void jest.advanceTimersByTime(ANNOUNCE_AFTER_MS));
    expect(announced()).toBe('Owls at night | ReelPilot');
    expect(document.getElementById('page-announcer')).toHaveAttribute('aria-live', 'polite');

    // Another video of the same title is still a new page.
    act(() => window.history.pushState({}, '', '/dashboard/view/v2'));
    act(() => showDocumentTitle('Owls at night | ReelPilot'));
    expect(announced()).toBe('');
    act(() => void jest.advanceTimersByTime(ANNOUNCE_AFTER_MS));
    expect(announced()).toBe('Owls at night | ReelPilot');
  });

  it('should not read out a title that changes on the same page', () => {
    act(() => window.history.pushState({}, '', '/dashboard/billing'));
    act(() => showDocumentTitle('Billing | ReelPilot'));
    act(() => void jest.advanceTimersByTime(ANNOUNCE_AFTER_MS));
    act(() => showDocumentTitle('Billing (2) | ReelPilot'));
    act(() => void jest.advanceTimersByTime(ANNOUNCE_AFTER_MS));
    expect(document.title).toBe('Billing (2) | ReelPilot');
    expect(announced()).toBe('Billing | ReelPilot');
  });
});
