import { z } from 'zod';
import { CAPTION_POSITIONS, CAPTION_PRESET_IDS, CAPTION_SIZES, MAX_SCENES, MUSIC_MOODS, TITLE_LIMIT, VOICE_SCRIPT_LIMIT } from '../catalog/studio';
import { VOICE_IDS } from '../catalog/voices';

/** The studio's messages: one wording for the API's 400s and the web form's checks. */
export const STUDIO_MESSAGES = {
  preset: 'Please choose one of the caption styles',
  position: 'Caption position must be top, middle or bottom',
  size: 'Caption size must be small, medium or large',
  highlight: 'Highlight colour must be a colour like #FFE500',
  mood: 'Please choose one of the music moods',
  volume: 'Music volume must be between 0 and 100',
  ducking: 'Ducking must be on or off',
  voice: 'Please select a narration voice',
  title: 'Title is required',
  titleLength: `Title must be at most ${TITLE_LIMIT} characters`,
  scriptEmpty: 'The voice script needs at least one line',
  scriptLength: `The voice script must be at most ${VOICE_SCRIPT_LIMIT} characters`,
  lineEmpty: 'A scene needs a line to narrate',
  tooManyScenes: `A video holds at most ${MAX_SCENES} scenes`,
  sceneIndex: 'There is no scene with that number',
  order: 'The new order must list each remaining scene once',
  version: 'There is no version with that number',
  subject: 'Please choose one of the subjects offered for this scene',
} as const;

export const captionStyleSchema = z.strictObject({
  preset: z.enum(CAPTION_PRESET_IDS, { error: STUDIO_MESSAGES.preset }),
  position: z.enum(CAPTION_POSITIONS, { error: STUDIO_MESSAGES.position }),
  size: z.enum(CAPTION_SIZES, { error: STUDIO_MESSAGES.size }),
  highlight: z.string({ error: STUDIO_MESSAGES.highlight }).regex(/^#[0-9A-Fa-f]{6}$/, STUDIO_MESSAGES.highlight).transform((c) => c.toUpperCase()),
});

export const musicSettingsSchema = z.strictObject({
  mood: z.enum(MUSIC_MOODS, { error: STUDIO_MESSAGES.mood }),
  volume: z.number({ error: STUDIO_MESSAGES.volume }).int(STUDIO_MESSAGES.volume).min(0, STUDIO_MESSAGES.volume).max(100, STUDIO_MESSAGES.volume),
  ducking: z.boolean({ error: STUDIO_MESSAGES.ducking }),
});

const line = z.string({ error: STUDIO_MESSAGES.lineEmpty }).trim().min(1, STUDIO_MESSAGES.lineEmpty).max(VOICE_SCRIPT_LIMIT, STUDIO_MESSAGES.scriptLength);
/** A scene's number: a whole number below MAX_SCENES, with the one message. Given as a number in a body, as text in a path. */
const sceneNumber = <T extends z.ZodNumber | z.ZodCoercedNumber>(number: T) => number.int(STUDIO_MESSAGES.sceneIndex).min(0, STUDIO_MESSAGES.sceneIndex).max(MAX_SCENES - 1, STUDIO_MESSAGES.sceneIndex);
const sceneIndex = sceneNumber(z.number({ error: STUDIO_MESSAGES.sceneIndex }));
const prompt = z.string().trim().min(1).max(400, 'A picture prompt must be at most 400 characters');

/** The characters the narrator reads: the lines joined as the detail page shows them. */
export const voiceScriptLength = (lines: readonly string[]) => lines.join(' ').length;

/** POST /api/video/:id/script: the title and the whole voice script, one line per scene. */
export const editScriptSchema = z.strictObject({
  title: z.string({ error: STUDIO_MESSAGES.title }).trim().min(1, STUDIO_MESSAGES.title).max(TITLE_LIMIT, STUDIO_MESSAGES.titleLength),
  narrationScript: z.array(line, { error: STUDIO_MESSAGES.scriptEmpty }).min(1, STUDIO_MESSAGES.scriptEmpty).max(MAX_SCENES, STUDIO_MESSAGES.tooManyScenes)
    .refine((lines) => voiceScriptLength(lines) <= VOICE_SCRIPT_LIMIT, STUDIO_MESSAGES.scriptLength),
});
export type EditScriptBody = z.infer<typeof editScriptSchema>;

/** PATCH /api/video/:id/scenes/:index: a scene's line and/or its picture prompt. */
export const editSceneSchema = z.strictObject({ line: line.optional(), prompt: prompt.optional() })
  .refine((b) => b.line !== undefined || b.prompt !== undefined, 'Send a line or a prompt to change');
export type EditSceneBody = z.infer<typeof editSceneSchema>;

/**
 * POST /api/video/:id/scenes/:index/picture: a new picture, same style, new seed, optionally a new
 * prompt and a main subject the scene offered (`subject`, an id from `studio.scenes[].subjectOptions`
 * or `subjects`; null to let the narration choose again).
 */
export const regenerateSceneImageSchema = z.strictObject({
  prompt: prompt.optional(),
  subject: z.string({ error: STUDIO_MESSAGES.subject }).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, STUDIO_MESSAGES.subject).max(80, STUDIO_MESSAGES.subject).nullable().optional(),
});
export type RegenerateSceneImageBody = z.infer<typeof regenerateSceneImageSchema>;

/** PUT /api/video/:id/scenes/order: the scenes' old numbers in their new order; a number left out removes that scene. */
export const arrangeScenesSchema = z.strictObject({
  order: z.array(sceneIndex, { error: STUDIO_MESSAGES.order }).min(1, STUDIO_MESSAGES.scriptEmpty)
    .refine((order) => new Set(order).size === order.length, STUDIO_MESSAGES.order),
});
export type ArrangeScenesBody = z.infer<typeof arrangeScenesSchema>;

export const changeVoiceSchema = z.strictObject({ voiceId: z.enum(VOICE_IDS, { error: STUDIO_MESSAGES.voice }) });
export type ChangeVoiceBody = z.infer<typeof changeVoiceSchema>;
export const changeMusicSchema = musicSettingsSchema;
export type ChangeMusicBody = z.infer<typeof changeMusicSchema>;
export const changeCaptionStyleSchema = captionStyleSchema;
export type ChangeCaptionStyleBody = z.infer<typeof changeCaptionStyleSchema>;

/** A scene's number in a path (`/api/video/:id/scenes/:index`). */
export const sceneIndexParam = sceneNumber(z.coerce.number({ error: STUDIO_MESSAGES.sceneIndex }));
/** POST /api/video/:id/versions/:version/restore */
export const versionParam = z.coerce.number({ error: STUDIO_MESSAGES.version }).int(STUDIO_MESSAGES.version).positive(STUDIO_MESSAGES.version);
