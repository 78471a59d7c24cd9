import { keepMeasuringTextareaOutOfTabOrder } from './measuring-textarea';

describe("antd's measuring textarea", () => {
  it('is taken out of the tab order when it is added to the page, and nothing else is', async () => {
    // Given the page is watched
    const stop = keepMeasuringTextareaOutOfTabOrder();
    // When the auto-size measurer adds its textarea (as @rc-component/input does) and the app one of its own
    const measurer = document.createElement('textarea');
    measurer.setAttribute('tab-index', '-1');
    measurer.setAttribute('aria-hidden', 'true');
    measurer.setAttribute('name', 'hiddenTextarea');
    const caption = document.createElement('textarea');
    caption.name = 'caption';
    document.body.append(measurer, caption);
    await Promise.resolve();
    // Then only the measurer leaves the tab order
    expect(measurer.getAttribute('tabindex')).toBe('-1');
    expect(caption.hasAttribute('tabindex')).toBe(false);
    stop();
  });

  it('fixes a measurer that was there before the page was watched', () => {
    const measurer = document.createElement('textarea');
    measurer.name = 'hiddenTextarea';
    document.body.append(measurer);
    keepMeasuringTextareaOutOfTabOrder()();
    expect(measurer.tabIndex).toBe(-1);
  });
});
