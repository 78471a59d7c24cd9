import { statusDisplay } from './status-display';

describe('When the generation status changes', () => {
  it.each([
    ['start', 10, 'Crafting a beautiful script ...'],
    ['script', 25, 'Hiring Narrator to voice over ...'],
    ['audio', 45, 'Artists working hard ...'],
    ['images', 75, 'Editors rendering the video ...'],
    ['video', 95, 'Final Touches ...'],
    ['uploading', 99, 'Final Touches ...'],
    ['done', 100, 'Doneeee!'],
  ] as const)('should show %s as %i%% with its message', (status, percent, message) => {
    expect(statusDisplay(status)).toMatchObject({ percent, message });
  });
  it('should say Starting to generate video ... before any status', () => {
    expect(statusDisplay(null)).toEqual({ percent: 0, message: 'Starting to generate video ...', done: false, failed: false });
  });
  it('should flag a failed render', () => {
    expect(statusDisplay('failed').failed).toBe(true);
  });
});
