import { render, screen } from '@testing-library/react';
import { GrowingTextArea } from './growing-text-area';

const measuringTextArea = () => document.querySelector('textarea[name="hiddenTextarea"]');

function withFieldSizing(supported: boolean) {
  const supports = jest.fn((property: string, value?: string) => supported && property === 'field-sizing' && value === 'content');
  Object.defineProperty(window, 'CSS', { value: { supports }, configurable: true });
}

describe('GrowingTextArea', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'CSS');
    measuringTextArea()?.remove();
  });

  it('given a browser that sizes text areas in CSS, when shown, then it grows in CSS between its rows and nothing is measured in script', () => {
    withFieldSizing(true);

    render(<GrowingTextArea aria-label="Caption" value={'one\ntwo\nthree'} showCount maxLength={100} onChange={() => undefined} grow={{ minRows: 3, maxRows: 10 }} />);

    const area = screen.getByRole('textbox', { name: 'Caption' });
    expect(area).toHaveClass('ui-grows');
    expect(area.closest('[style*="--ui-min-rows"]')).toHaveStyle({ '--ui-min-rows': '3', '--ui-max-rows': '10' });
    expect(area.style.height).toBe('');
    expect(measuringTextArea()).toBeNull();
  });

  it('given a browser that cannot, when shown, then antd measures its text to size it', () => {
    withFieldSizing(false);
    // jsdom lays nothing out: antd's measure comes out NaN and React says so.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    render(<GrowingTextArea aria-label="Caption" value={'one\ntwo\nthree'} onChange={() => undefined} grow={{ minRows: 3, maxRows: 10 }} />);

    expect(screen.getByRole('textbox', { name: 'Caption' })).not.toHaveClass('ui-grows');
    expect(measuringTextArea()).not.toBeNull();
    quiet.mockRestore();
  });
});
