import { z } from 'zod';
import { ART_STYLE_IDS } from '../catalog/art-styles';
import { ASPECT_RATIO_IDS, ASPECT_RATIOS, LANGUAGE_IDS } from '../catalog/formats';
import { GENERATION_STATUSES } from '../catalog/generation-status';
import { captionStyleSchema, musicSettingsSchema } from '../schemas/studio';

export const scriptSchema = z.object({
  title: z.string().max(100).describe("The video's title."),
  /** The caption. */
  description: z.string().max(2000).describe('The caption posted with the video.'),
  narrationScript: z.array(z.string()).min(1).describe('The voice script, one line per scene, in order: scene i shows while line i is spoken.'),
  /** One picture description per narration line (what the illustrator draws); absent from older workers. */
  scenes: z.array(z.string()).optional().describe('One picture description per narration line (what the illustrator draws); absent from older workers.'),
});
export type Script = z.infer<typeof scriptSchema>;

/** A picture of the illustration set a scene shows: its id, its emoji and its name in the video's language. */
export const sceneSubjectSchema = z.object({ id: z.string(), emoji: z.string(), label: z.string() });
export type SceneSubject = z.infer<typeof sceneSubjectSchema>;

/** How a library item fills a frame of another shape: cut to fill it from the centre, or shown whole on black bars. */
export const MEDIA_FITS = ['crop', 'letterbox'] as const;
export type MediaFit = (typeof MEDIA_FITS)[number];

/**
 * A scene shown with the creator's own media instead of a generated picture (issue 18): the item,
 * its kind, where its file is, and how it fills the frame.
 */
export const sceneMediaSchema = z.object({
  mediaId: z.string().min(1).describe("The library item's id (stable: a worker may cache what it made of the item under it)."),
  kind: z.enum(['clip', 'image']).describe("`clip`: a video (MP4, MOV or WebM), shown from its start for the scene's whole length: cut when longer, its last frame held when shorter, its sound dropped (the video's sound stays the narration and the music). `image`: a still (JPEG, PNG or WebP) shown for the whole scene, moved like a generated picture is (the product's workers pan it slowly)."),
  blobKey: z.string().min(1).describe("The item's file in the media store (`media/<userId>/<mediaId>/original`, in the same bucket and under the same prefix as the media a worker stores): download it from there."),
  fit: z.enum(MEDIA_FITS).describe("How the item fills the frame of the request's `aspectRatio` when its shape differs: `crop`: scaled to cover the frame and cut from the centre; `letterbox`: scaled to fit inside it, shown whole, on black bars."),
});
export type SceneMedia = z.infer<typeof sceneMediaSchema>;

/**
 * Messages on the bus between the projectors' relay, the render workers and the status ingester.
 * Every message is parsed with these schemas on receipt. Headers carry correlationId / causationId.
 */
export const renderRequestSchema = z.object({
  videoId: z.string().min(1).describe('The video to render; also the message key.'),
  userId: z.string().min(1).describe('Its owner: media go under `videos/<userId>/<videoId>/`.'),
  topic: z.string().min(1).describe('What the video is about (a topic label, or `Custom Prompt` with `customPrompt`).'),
  customPrompt: z.string().nullable().optional().describe('With the topic `Custom Prompt`: what the creator asked for, in their words; otherwise empty or absent.'),
  language: z.enum(LANGUAGE_IDS).describe('The language of the script, the narration and the captions.'),
  voiceId: z.string().min(1).describe("The narrator: an id of the product's voice catalogue (`GET /api/catalog`)."),
  style: z.enum(ART_STYLE_IDS).describe('The art style of the generated pictures.'),
  aspectRatio: z.enum(ASPECT_RATIO_IDS).describe(`The frame: ${ASPECT_RATIOS.map((a) => `${a.id} is ${a.width}x${a.height}`).join(', ')}.`),
  /** Upper bound of the requested range, seconds. */
  duration: z.number().int().positive().describe('Upper bound of the requested length, seconds.'),
  requestedAt: z.string().describe('When the creator asked (ISO 8601).'),
  /** Which render of the video this is: 1 (absent) for the first, then one more per re-render. */
  version: z.number().int().positive().optional().describe('Which render of the video this is: absent (1) for the first, one more per re-render. A worker copies it onto every status of the render and puts a re-render\'s media under `videos/<userId>/<videoId>/v<version>/`.'),
  /** A re-render's script (the creator's edits): the writer does not run. */
  script: scriptSchema.optional().describe("A re-render's script, the creator's edits: render it as it is, writing no script of the worker's own (its lines are the scenes). Absent on a first render: the worker writes the script."),
  /** Per scene, its picture's seed (the scene's first position, or a new one for a regenerated picture); absent or '' = its position. */
  imageSeeds: z.array(z.string()).optional().describe("Per scene, its picture's seed: the same seed draws the same picture, a new one a new picture (a regenerated scene); absent or '' = the scene's position."),
  /** Per scene, the subject the creator picked for its picture (an id from the scene's `subjectOptions`); absent or '' = chosen from the narration. */
  imageSubjects: z.array(z.string()).optional().describe("Per scene, the subject the creator picked for its picture (an id offered in the scene's `subjectOptions`); absent or '' = the illustrator chooses from the narration line."),
  /** Per scene, the creator's own clip or image shown instead of a generated picture; null (or absent) = generated. */
  sceneMedia: z.array(sceneMediaSchema.nullable()).optional().describe("Per scene, in order, the creator's own library item shown instead of a generated picture: item i on scene i (the line i of the script, the request's or the worker's own), for the scene's whole length, under the same captions; null or absent = a generated picture. Items past the last scene are not shown. An item whose file is no longer in the media store (deleted since) gets a generated picture; a file that cannot be read fails the render."),
  /**
   * A finished video the creator made elsewhere ("Upload Video"): the worker writes no script and draws
   * nothing; it normalises the file to the platform's format and reports it done.
   */
  import: z.object({
    mediaId: z.string().min(1).describe("The library item's id."),
    blobKey: z.string().min(1).describe("The uploaded clip's file in the media store (`media/<userId>/<mediaId>/original`: MP4, MOV or WebM): download it from there."),
    title: z.string().max(100).describe("The video's title (the creator's, or the file's name)."),
  }).optional().describe("\"Upload Video\": a finished video the creator made elsewhere, to bring into the platform's format instead of a video to make (no script is written, nothing narrated or drawn; the other settings do not apply). Normalise the file at `blobKey`: H.264 (high profile, yuv420p, 30 fps) letterboxed into the frame of `aspectRatio`, AAC 48 kHz stereo (silence when it has no sound), its own length, the index first (faststart); store it and a JPEG thumbnail as for a made video. Report `start`, `script` with the script `{title, description: '', narrationScript: [title]}`, `video`, `uploading`, then `done` with that script and the media. When the file is gone from the media store or holds no video, report `failed` with the reason."),
  /** The captions' look; the classic style when absent. */
  captions: captionStyleSchema.optional().describe("The captions' look (the words drawn as they are spoken): a preset, a position, a size, and `highlight`, the colour of the word being spoken (`#RRGGBB`); the classic preset at the bottom when absent."),
  /** The music bed; the topic's mood at the usual level when absent. */
  music: musicSettingsSchema.optional().describe('The music under the narration: its mood (`auto`: from the topic), its volume in percent (0 = no music) and whether it ducks under the voice; the topic\'s mood at the usual level when absent.'),
});
export type RenderRequest = z.infer<typeof renderRequestSchema>;

export const renderedMediaSchema = z.object({
  /** BlobStore key of the MP4. */
  videoKey: z.string().describe("The MP4's key in the media store (H.264/AAC, faststart), e.g. `videos/<userId>/<videoId>/video.mp4`."),
  thumbnailKey: z.string().nullable().describe("The JPEG thumbnail's key in the media store, or null."),
  /** Actual length in seconds (fractional). */
  durationSeconds: z.number().positive().describe('Actual length, seconds (fractional).'),
  width: z.number().int().describe('Frame width, pixels.'),
  height: z.number().int().describe('Frame height, pixels.'),
  sizeBytes: z.number().int().nonnegative().describe("The MP4's size, bytes."),
  /** Each scene's time span and picture (a small JPEG), for the storyboard; absent from older workers. */
  scenes: z.array(z.object({
    start: z.number().nonnegative(),
    end: z.number().nonnegative(),
    imageKey: z.string(),
    /** What the picture shows (main first), when the illustrator draws from an illustration set; absent otherwise. */
    subjects: z.array(sceneSubjectSchema).optional().describe('What the picture shows, main subject first (offline illustrator); absent from other illustrators and older workers.'),
    /** Other subjects the narration (or the topic) suggests for this scene: what the creator may pick instead. */
    subjectOptions: z.array(sceneSubjectSchema).optional().describe('Other subjects the line or the topic suggests for the scene, for the creator to pick instead.'),
  })).optional(),
});
export type RenderedMedia = z.infer<typeof renderedMediaSchema>;

/** One message per stage reached, plus a final `failed` when a render gives up. */
export const renderStatusSchema = z.object({
  videoId: z.string().min(1).describe('The video; also the message key.'),
  status: z.enum([...GENERATION_STATUSES, 'failed']).describe('The stage reached, in this order; `failed` ends the render.'),
  /** ISO instant the worker reached this status. */
  at: z.string().describe('When the worker reached it (ISO 8601).'),
  workerId: z.string().describe('Who reached it.'),
  attempt: z.number().int().nonnegative().describe("The worker's attempt at this render, from 1."),
  /** The render's version, as in its request (absent = 1). */
  version: z.number().int().positive().optional().describe('The render\'s version, copied from its request (absent = 1): a status of a render that was superseded changes nothing.'),
  /** Present from `script` onwards: what the script stage wrote. */
  script: scriptSchema.optional().describe('From `script` on: what the script stage wrote.'),
  /** Present on `done`. */
  media: renderedMediaSchema.optional().describe('Required on `done`: the rendered media (a `done` without it is refused).'),
  /** Present on `failed`: a reason a person can read. */
  reason: z.string().optional().describe('On `failed`: a reason a person can read.'),
});
export type RenderStatus = z.infer<typeof renderStatusSchema>;
