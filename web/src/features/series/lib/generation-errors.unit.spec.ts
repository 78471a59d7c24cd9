import { generationErrorToast } from './generation-errors';

describe('POST /api/generate-video error mapping', () => {
  it.each([
    ['User not found', 'User not found.', 'Please log in again.'],
    ['Monthly video limit reached', 'You have reached your monthly video limit.', 'Please upgrade your plan.'],
    ['Video is still processing', 'Your previous video is still processing.', 'Please try again later.'],
    ['Invalid topic selected', 'Invalid topic selected.', 'Please choose a valid topic.'],
  ])('should map %s', (server, title, description) => {
    expect(generationErrorToast(server)).toEqual({ title, description, upgrade: false });
  });
  it('should ask to subscribe, with an Upgrade action, for anything else', () => {
    expect(generationErrorToast('No active subscription')).toEqual({ title: 'Please subscribe to generate video.', upgrade: true });
    expect(generationErrorToast(undefined).upgrade).toBe(true);
  });
});
