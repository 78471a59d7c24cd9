import { loginSchema, registerSchema, resetPasswordFormSchema } from './auth';
import { generateVideoSchema, seriesFormSchema } from './video';
import { regenerateSceneImageSchema, sceneIndexParam } from './studio';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('Auth schemas', () => {
  it('should use the spec messages for login', () => {
    expect(messages(loginSchema.safeParse({ email: 'nope', password: '123' }))).toEqual(['Invalid email address', 'Password must be at least 6 characters']);
  });
  it('should use the spec messages for register', () => {
    expect(messages(registerSchema.safeParse({ name: 'A', email: 'a@b.co', password: 'abcdef' }))).toEqual([
      'Name must be at least 2 characters', 'Password must contain at least one number', 'Password must contain at least one special character',
    ]);
    expect(registerSchema.safeParse({ name: 'Ada', email: 'ADA@Example.com ', password: 'abc12!' }).data?.email).toBe('ada@example.com');
  });
  it('should check the reset confirmation', () => {
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'abc12!', confirmPassword: 'abc12?' }))).toEqual(['Passwords do not match']);
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'abc12!', confirmPassword: 'a' }))).toContain('Confirm password must be at least 6 characters');
  });
});

describe('Video schemas', () => {
  const valid = { topic: 'Fun Facts', duration: 60, style: 'anime', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' };
  it('should accept the spec body', () => {
    expect(generateVideoSchema.safeParse(valid).success).toBe(true);
  });
  it('should answer an unknown topic with the server message', () => {
    expect(messages(generateVideoSchema.safeParse({ ...valid, topic: 'Cooking' }))).toEqual(['Invalid topic selected']);
  });
  it('should use the form messages', () => {
    expect(messages(seriesFormSchema.safeParse({ topic: '', narrationVoice: 'x', artStyle: 'y', aspectRatio: '4:3', language: 'German', duration: '' }))).toEqual([
      'Please select a topic for your video', 'Select a Narrator', 'Select an Art Style', 'Please select a video aspect ratio', 'Please select the language for your video', 'Please select video duration',
    ]);
    expect(messages(seriesFormSchema.safeParse({ topic: 'Custom Topic', customPrompt: ' ', narrationVoice: 'nPczCjzI2devNBz1zQrb', artStyle: 'anime', aspectRatio: '9:16', language: 'English', duration: '45-60' }))).toEqual(['Please enter your custom topic']);
  });
});

describe('Studio schemas', () => {
  it('should take a subject id for a new picture, or null, and refuse anything else with one message', () => {
    expect(regenerateSceneImageSchema.safeParse({ subject: 'hot-beverage' }).success).toBe(true);
    expect(regenerateSceneImageSchema.safeParse({ subject: null, prompt: 'an owl' }).success).toBe(true);
    for (const subject of ['Hot beverage', '', 'x'.repeat(81), 42, 'fox;drop']) {
      expect(messages(regenerateSceneImageSchema.safeParse({ subject }))).toEqual(['Please choose one of the subjects offered for this scene']);
    }
  });

  it('should read a scene number from a path, and refuse anything that is not one with the one message', () => {
    expect(sceneIndexParam.parse('0')).toBe(0);
    expect(sceneIndexParam.parse('39')).toBe(39);
    for (const index of ['abc', '-1', '1.5', '40']) expect(messages(sceneIndexParam.safeParse(index))).toEqual(['There is no scene with that number']);
  });
});
