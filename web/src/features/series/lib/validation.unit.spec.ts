import { CUSTOM_TOPIC, VOICES } from '@app/domain';
import { canLeaveTopicStep, fieldRecheckToast, missingFieldsText, unavailableServices, validateSeries } from './validation';

const complete = { topic: 'Fun Facts', customPrompt: '', narrationVoice: VOICES[0].id, artStyle: 'anime', aspectRatio: '9:16', language: 'English', duration: '45-60' };

describe('When the wizard checks step 1', () => {
  it('should not advance without a topic', () => expect(canLeaveTopicStep({})).toBe(false));
  it('should advance with a listed topic', () => expect(canLeaveTopicStep({ topic: 'Fun Facts' })).toBe(true));
  it('should need the custom text for Custom Topic', () => {
    expect(canLeaveTopicStep({ topic: CUSTOM_TOPIC, customPrompt: '  ' })).toBe(false);
    expect(canLeaveTopicStep({ topic: CUSTOM_TOPIC, customPrompt: 'Space' })).toBe(true);
  });
});

describe('When the series form is validated', () => {
  it('should pass a complete form', () => expect(validateSeries(complete)).toEqual({}));
  it('should list the missing fields', () => {
    const errors = validateSeries({ ...complete, narrationVoice: undefined, artStyle: undefined });
    expect(errors).toEqual({ narrationVoice: 'Select a Narrator', artStyle: 'Select an Art Style' });
    expect(missingFieldsText(errors)).toBe('Narrator, Art Style');
  });
  it.each([
    [{ topic: '' }, 'Please select a topic for your video'],
    [{ topic: CUSTOM_TOPIC, customPrompt: '' }, 'Please provide details for your custom topic'],
    [{ narrationVoice: '' }, 'Please select a narration voice'],
    [{ artStyle: '' }, 'Please select an art style'],
    [{ language: '' }, 'Please select a language'],
    [{ duration: '' }, 'Please select video duration'],
  ])('should re-check %o with its own toast', (patch, message) => {
    expect(fieldRecheckToast({ ...complete, ...patch })).toBe(message);
  });
  it('should name the unavailable services', () => {
    expect(unavailableServices({ script: { available: true }, narration: { available: false }, images: { available: false } })).toEqual(['narration', 'images']);
  });
});
