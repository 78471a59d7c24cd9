import { providerConfigSchema } from './provider-config';

describe('providerConfigSchema', () => {
  describe('When no key is set', () => {
    it('should keep every stage offline with the default models', () => {
      const config = providerConfigSchema.parse({});

      expect(config).toMatchObject({
        SCRIPT_PROVIDER: 'offline',
        IMAGE_PROVIDER: 'offline',
        // The neural voice is opt-in (its model is a download the user chooses): espeak-ng speaks by default.
        VOICE_PROVIDER: 'espeak',
        OPENAI_MODEL: 'gpt-4o-mini',
        ELEVENLABS_BASE_URL: 'https://api.elevenlabs.io',
        ELEVENLABS_MODEL_ID: 'eleven_multilingual_v2',
      });
    });
  });

  describe('When keys are set', () => {
    it('should use OpenAI for script and images and prefer ElevenLabs for the voice', () => {
      const config = providerConfigSchema.parse({ OPENAI_API_KEY: 'sk-test', ELEVENLABS_API_KEY: 'sk_test' });

      expect(config).toMatchObject({ SCRIPT_PROVIDER: 'openai', IMAGE_PROVIDER: 'openai', VOICE_PROVIDER: 'elevenlabs' });
    });

    it('should honour an explicit offline choice', () => {
      expect(providerConfigSchema.parse({ OPENAI_API_KEY: 'sk-test', IMAGE_PROVIDER: 'OFFLINE' }).IMAGE_PROVIDER).toBe('offline');
    });

    it('should take the offline voices by name: the neural one (kokoro) or espeak-ng alone', () => {
      expect(providerConfigSchema.parse({ VOICE_PROVIDER: 'Kokoro' }).VOICE_PROVIDER).toBe('kokoro');
      expect(providerConfigSchema.parse({ ELEVENLABS_API_KEY: 'sk_test', VOICE_PROVIDER: 'espeak' }).VOICE_PROVIDER).toBe('espeak');
      expect(providerConfigSchema.safeParse({ VOICE_PROVIDER: 'piper' }).success).toBe(false);
      expect(providerConfigSchema.safeParse({ VOICE_PROVIDER: 'offline' }).success).toBe(false);
    });
  });

  describe('When a cloud provider is chosen without its key', () => {
    it('should report a malformed number before checking the keys', () => {
      const result = providerConfigSchema.safeParse({ SCRIPT_PROVIDER: 'openai', VOICE_PROVIDER: 'elevenlabs', OPENAI_TIMEOUT_MS: 'soon' });

      expect(result.success).toBe(false);
      expect(result.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['OPENAI_TIMEOUT_MS']);
    });

    it('should accept a local OpenAI-compatible server without a key', () => {
      const config = providerConfigSchema.parse({ SCRIPT_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' });

      expect(config.SCRIPT_PROVIDER).toBe('openai');
    });

    it('should reject the missing keys', () => {
      const result = providerConfigSchema.safeParse({ SCRIPT_PROVIDER: 'openai', VOICE_PROVIDER: 'elevenlabs' });

      expect(result.error!.issues.map((i) => i.message)).toEqual([
        'SCRIPT_PROVIDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)',
        'VOICE_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY',
      ]);
    });
  });
});
