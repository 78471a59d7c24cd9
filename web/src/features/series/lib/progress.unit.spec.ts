import { progressView, PROGRESS_STEPS } from './progress';

describe('When the progress widget computes its steps', () => {
  it('should weigh the steps 30, 45, 60 and 90 seconds', () => {
    expect(PROGRESS_STEPS.map((s) => [s.key, s.seconds])).toEqual([
      ['story', 30],
      ['audio', 45],
      ['images', 60],
      ['video', 90],
    ]);
  });
  it('should estimate 4 minutes before anything is done', () => {
    const view = progressView(null);
    expect(view.remainingMinutes).toBe(4); // 225 s
    expect(view.steps.map((s) => s.state)).toEqual(['active', 'pending', 'pending', 'pending']);
  });
  it('should complete story and audio once audio is done, leaving 150 s = 3 minutes', () => {
    const view = progressView('audio');
    expect(view.steps.map((s) => s.state)).toEqual(['completed', 'completed', 'active', 'pending']);
    expect(view.remainingMinutes).toBe(3);
  });
  it('should leave 90 s = 2 minutes once images are done', () => {
    expect(progressView('images').remainingMinutes).toBe(2);
  });
  it('should mark the running step failed on failure', () => {
    const view = progressView('script', true);
    expect(view.steps.map((s) => s.state)).toEqual(['completed', 'failed', 'pending', 'pending']);
  });
  it('should complete every step when done', () => {
    const view = progressView('done');
    expect(view.done).toBe(true);
    expect(view.remainingMinutes).toBe(0);
    expect(view.steps.every((s) => s.state === 'completed')).toBe(true);
  });
});
