/**
 * The route table: every HTTP route of the product, declared once (spec section 7 and
 * docs/api.md). command-api and query-api mount their handlers by these names (a route without
 * a handler, or a handler without a route, does not compile), the gateway sends each request to
 * the service a route names, and the API suites check each answer against its schema.
 */
import { z } from 'zod';
import { createCheckoutSessionSchema } from '../subscription/checkout';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, updateEmailSchema, updatePasswordSchema } from '../schemas/auth';
import { createSeriesSchema, updateSeriesSchema } from '../schemas/series';
import { batchParams, queueBatchSchema } from '../batch/schemas';
import { batchAnswer, batchListAnswer, batchQueuedAnswer } from '../batch/progress';
import { instagramUploadSchema, tiktokUploadSchema, youtubeUploadSchema } from '../schemas/social';
import { generateVideoSchema, updateCaptionSchema } from '../schemas/video';
import { mediaLibraryPageAnswer, mediaListQuery, uploadVideoSchema, useSceneMediaSchema } from '../schemas/own-media';
import {
  arrangeScenesSchema, changeCaptionStyleSchema, changeMusicSchema, changeVoiceSchema, editSceneSchema, editScriptSchema, regenerateSceneImageSchema, sceneIndexParam, versionParam,
} from '../schemas/studio';
import {
  captionAnswer, catalogAnswer, rerenderAnswer, checkoutAnswer, clockAnswer, connectAnswer, generateVideoAnswer, instagramUploadAnswer, linkStatusAnswer, mailboxAnswer,
  mediaUploadedAnswer, meAnswer, messageAnswer, messageWithPositionAnswer, openApiAnswer, serviceStatusAnswer, seriesAnswer, seriesCreatedAnswer, seriesListAnswer, subscriptionAnswer,
  successAnswer, tiktokUploadAnswer, tokenAnswer, urlAnswer, videoDetailAnswer, videoListAnswer, videoStatsAnswer, videoStatusAnswer, webhookAnswer,
  youtubeUploadAnswer,
} from './answers';
import { defineRoute, type RouteContract, type ServiceName } from './contract';
import { asyncApiAnswer } from '../messages/asyncapi';
import { busLagAnswer, eventsAnswer, projectionsAnswer, rebuildAnswer, statsAnswer, streamAnswer, streamsAnswer } from '../analytics/answers';
import { eventsQuery, exportQuery, liveEventsQuery, projectionParams, statsQuery, streamParams, streamQuery, streamsQuery } from '../analytics/queries';

/** POST /api/test/clock/advance (test mode only). */
export const advanceClockSchema = z.object({ minutes: z.coerce.number({ error: 'minutes must be a number' }).positive('minutes must be positive').max(60 * 24 * 400) });

/** A scene of a video, by its number (the studio's scene calls). */
const sceneParams = z.object({ id: z.string(), index: sceneIndexParam });

const command = 'command-api' as const;
const query = 'query-api' as const;

export const ROUTES = {
  // Accounts (command-api: the user's own stream is the source of truth, so `me` is consistent right after sign-up).
  register: defineRoute({ name: 'register', cost: 'expensive', service: command, method: 'POST', path: '/api/auth/register', auth: 'public', body: registerSchema, answer: tokenAnswer, status: 201, summary: 'Create an account; answers a session token' }),
  login: defineRoute({ name: 'login', cost: 'expensive', service: command, method: 'POST', path: '/api/auth/login', auth: 'public', body: loginSchema, answer: tokenAnswer, errors: [401], summary: 'Sign in with email and password' }),
  me: defineRoute({ name: 'me', service: command, method: 'GET', path: '/api/auth/me', auth: 'bearer', answer: meAnswer, summary: 'The signed-in user' }),
  forgotPassword: defineRoute({ name: 'forgotPassword', cost: 'expensive', service: command, method: 'POST', path: '/api/auth/forgot-password', auth: 'public', body: forgotPasswordSchema, answer: messageAnswer, summary: 'Mail a password reset link (never answers the token)' }),
  resetPassword: defineRoute({ name: 'resetPassword', cost: 'expensive', service: command, method: 'POST', path: '/api/auth/reset-password/:token', auth: 'public', body: resetPasswordSchema, answer: messageWithPositionAnswer, summary: 'Set a new password with a mailed reset token' }),
  updateEmail: defineRoute({ name: 'updateEmail', service: command, method: 'POST', path: '/api/auth/update-email', auth: 'bearer', body: updateEmailSchema, answer: messageWithPositionAnswer, summary: 'Change the sign-in email' }),
  updatePassword: defineRoute({ name: 'updatePassword', cost: 'expensive', service: command, method: 'POST', path: '/api/auth/update-password', auth: 'bearer', body: updatePasswordSchema, answer: messageWithPositionAnswer, summary: 'Change the password' }),
  googleSignIn: defineRoute({ name: 'googleSignIn', service: command, method: 'GET', path: '/api/auth/google', auth: 'public', answer: 'redirect', status: 302, summary: 'Start Google sign-in (a page saying it is not configured without keys)' }),
  googleCallback: defineRoute({ name: 'googleCallback', service: command, method: 'GET', path: '/api/auth/google/callback', auth: 'oauth-callback', answer: 'redirect', status: 302, summary: "Google's return: signs in and goes to /auth/verify/:token" }),

  // Videos.
  generateVideo: defineRoute({ name: 'generateVideo', cost: 'expensive', service: command, method: 'POST', path: '/api/generate-video', auth: 'bearer', body: generateVideoSchema, answer: generateVideoAnswer, status: 201, summary: 'Request a video (entitlements checked)' }),
  uploadVideo: defineRoute({ name: 'uploadVideo', service: command, method: 'POST', path: '/api/video/upload', auth: 'bearer', body: uploadVideoSchema, answer: generateVideoAnswer, status: 201, errors: [403, 404, 409], summary: 'Upload Video: a clip of the library made elsewhere becomes a video of the creator\'s, normalised to the platform format (H.264/AAC, faststart, 9:16, 16:9 or 1:1) by a render worker; counts against the plan like a generated one' }),
  editCaption: defineRoute({ name: 'editCaption', service: command, method: 'POST', path: '/api/video/:id/caption', auth: 'bearer', body: updateCaptionSchema, answer: captionAnswer, summary: "Edit a video's caption" }),
  // The studio (docs/api.md): edits change the draft of the next render; a re-render makes a new version.
  editScript: defineRoute({ name: 'editScript', service: command, method: 'PUT', path: '/api/video/:id/script', auth: 'bearer', body: editScriptSchema, answer: successAnswer, errors: [409], summary: "Replace a video's title and voice script (one line per scene)" }),
  editScene: defineRoute({ name: 'editScene', service: command, method: 'PATCH', path: '/api/video/:id/scenes/:index', auth: 'bearer', params: sceneParams, body: editSceneSchema, answer: successAnswer, errors: [409], summary: "Change a scene's line or picture prompt" }),
  arrangeScenes: defineRoute({ name: 'arrangeScenes', service: command, method: 'PUT', path: '/api/video/:id/scenes', auth: 'bearer', body: arrangeScenesSchema, answer: successAnswer, errors: [409], summary: 'Reorder scenes; a scene left out of the order is removed' }),
  regenerateSceneImage: defineRoute({ name: 'regenerateSceneImage', service: command, method: 'POST', path: '/api/video/:id/scenes/:index/picture', auth: 'bearer', params: sceneParams, body: regenerateSceneImageSchema, answer: successAnswer, errors: [409], summary: "Draw a scene's picture again (same style, new seed; optionally a new prompt, or a main subject the scene offers)" }),
  useSceneMedia: defineRoute({ name: 'useSceneMedia', service: command, method: 'PUT', path: '/api/video/:id/scenes/:index/media', auth: 'bearer', params: sceneParams, body: useSceneMediaSchema, answer: successAnswer, errors: [404, 409], summary: "Show an item of the creator's media library on a scene instead of its picture (centre crop or letterbox), or its picture again (mediaId null)" }),
  changeVoice: defineRoute({ name: 'changeVoice', service: command, method: 'PUT', path: '/api/video/:id/voice', auth: 'bearer', body: changeVoiceSchema, answer: successAnswer, errors: [409], summary: "Change a video's narrator" }),
  changeMusic: defineRoute({ name: 'changeMusic', service: command, method: 'PUT', path: '/api/video/:id/music', auth: 'bearer', body: changeMusicSchema, answer: successAnswer, errors: [409], summary: "Change a video's music mood, volume (0 = none) and ducking" }),
  changeCaptionStyle: defineRoute({ name: 'changeCaptionStyle', service: command, method: 'PUT', path: '/api/video/:id/captions', auth: 'bearer', body: changeCaptionStyleSchema, answer: successAnswer, errors: [409], summary: "Change a video's caption preset, position, size and highlight colour" }),
  requestRerender: defineRoute({ name: 'requestRerender', cost: 'expensive', service: command, method: 'POST', path: '/api/video/:id/rerender', auth: 'bearer', answer: rerenderAnswer, status: 201, errors: [409], summary: 'Render the draft as a new version (no monthly credit; one render at a time)' }),
  restoreVersion: defineRoute({ name: 'restoreVersion', service: command, method: 'POST', path: '/api/video/:id/versions/:version/restore', auth: 'bearer', params: z.object({ id: z.string(), version: versionParam }), answer: successAnswer, errors: [409], summary: 'Show an earlier version again' }),
  videoScenePicture: defineRoute({ name: 'videoScenePicture', service: query, method: 'GET', path: '/api/video/scene-picture/:id/:picture', auth: 'signed-url', answer: 'media', summary: "A scene's picture for the storyboard (signed URL)" }),
  captionPresetPreview: defineRoute({ name: 'captionPresetPreview', service: query, method: 'GET', path: '/api/caption-presets/:id/preview', auth: 'public', answer: 'media', summary: "A caption preset's preview picture" }),
  deleteVideo: defineRoute({ name: 'deleteVideo', service: command, method: 'DELETE', path: '/api/video/delete/:id', auth: 'bearer', answer: successAnswer, summary: 'Delete a video (its media are removed)' }),
  listVideos: defineRoute({ name: 'listVideos', service: query, method: 'GET', path: '/api/video/videos', auth: 'bearer', answer: videoListAnswer, summary: "The user's videos, newest first" }),
  videoStats: defineRoute({ name: 'videoStats', service: query, method: 'GET', path: '/api/video/stats', auth: 'bearer', answer: videoStatsAnswer, summary: 'Videos made this month, in all, and the plan limit' }),
  videoStatus: defineRoute({ name: 'videoStatus', service: query, method: 'GET', path: '/api/video/status/:id', auth: 'bearer', answer: videoStatusAnswer, summary: "A video's generation status" }),
  videoEvents: defineRoute({ name: 'videoEvents', service: query, method: 'GET', path: '/api/video/events/:id', auth: 'bearer-or-query', answer: 'event-stream', summary: "A video's status, live (Server-Sent Events)" }),
  getVideoById: defineRoute({ name: 'getVideoById', service: query, method: 'GET', path: '/api/video/videoid/:id', auth: 'bearer', answer: videoDetailAnswer, summary: 'The video record' }),
  getVideo: defineRoute({ name: 'getVideo', service: query, method: 'GET', path: '/api/video/:id', auth: 'bearer', answer: videoDetailAnswer, summary: 'The video record (the detail page)' }),
  streamVideo: defineRoute({ name: 'streamVideo', service: query, method: 'GET', path: '/api/video/stream/:id', auth: 'signed-url', answer: 'media', summary: 'The MP4, with HTTP Range (signed URL)' }),
  videoThumbnail: defineRoute({ name: 'videoThumbnail', service: query, method: 'GET', path: '/api/video/thumbnail/:id', auth: 'signed-url', answer: 'media', summary: "A video's thumbnail (signed URL)" }),

  // Catalogue and health.
  catalog: defineRoute({ name: 'catalog', service: query, method: 'GET', path: '/api/catalog', auth: 'public', answer: catalogAnswer, summary: 'Topics, voices, art styles, formats and plans' }),
  serviceStatus: defineRoute({ name: 'serviceStatus', service: query, method: 'GET', path: '/api/service-status', auth: 'public', answer: serviceStatusAnswer, summary: 'Whether every service is available' }),
  voicePreview: defineRoute({ name: 'voicePreview', service: query, method: 'GET', path: '/api/voices/:id/preview', auth: 'public', answer: 'media', summary: "A narrator's preview clip" }),
  artStylePreview: defineRoute({ name: 'artStylePreview', service: query, method: 'GET', path: '/api/art-styles/:id/preview', auth: 'public', answer: 'media', summary: "An art style's preview picture" }),

  // Billing.
  subscription: defineRoute({ name: 'subscription', service: query, method: 'GET', path: '/api/billing/subscription', auth: 'bearer', answer: subscriptionAnswer, summary: "The user's subscription, null for Free" }),
  createCheckoutSession: defineRoute({ name: 'createCheckoutSession', service: command, method: 'POST', path: '/api/billing/create-checkout-session', auth: 'bearer', body: createCheckoutSessionSchema, answer: checkoutAnswer, summary: 'Start checkout (or schedule a plan change)' }),
  updatePayment: defineRoute({ name: 'updatePayment', service: command, method: 'POST', path: '/api/billing/update-payment', auth: 'bearer', answer: urlAnswer, summary: 'The billing portal' }),
  cancelSubscription: defineRoute({ name: 'cancelSubscription', service: command, method: 'POST', path: '/api/billing/cancel-subscription', auth: 'bearer', answer: successAnswer, summary: 'Cancel at the end of the period' }),
  stripeWebhook: defineRoute({ name: 'stripeWebhook', service: command, method: 'POST', path: '/api/billing/webhook', auth: 'stripe-signature', body: 'raw', answer: webhookAnswer, when: 'stripe', summary: "Stripe's signed events" }),
  checkoutPage: defineRoute({ name: 'checkoutPage', service: command, method: 'GET', path: '/billing/checkout/:id', auth: 'capability', answer: 'html', when: 'local-billing', summary: 'The offline checkout simulator' }),
  checkoutPay: defineRoute({ name: 'checkoutPay', service: command, method: 'POST', path: '/billing/checkout/:id/pay', auth: 'capability', body: 'form', answer: 'redirect', status: 303, when: 'local-billing', summary: 'Simulate a successful payment' }),
  checkoutCancel: defineRoute({ name: 'checkoutCancel', service: command, method: 'POST', path: '/billing/checkout/:id/cancel', auth: 'capability', body: 'form', answer: 'redirect', status: 303, when: 'local-billing', summary: 'Leave the simulated checkout' }),
  portalPage: defineRoute({ name: 'portalPage', service: command, method: 'GET', path: '/billing/portal/:id', auth: 'capability', answer: 'html', when: 'local-billing', summary: 'The offline billing portal' }),
  portalAction: defineRoute({ name: 'portalAction', service: command, method: 'POST', path: '/billing/portal/:id/:action', auth: 'capability', body: 'form', answer: 'redirect', status: 303, when: 'local-billing', summary: 'Save a card, simulate a renewal or a failed payment' }),

  // Linked accounts and posting.
  linkStatus: defineRoute({ name: 'linkStatus', service: query, method: 'GET', path: '/api/auth/:platform/status', auth: 'bearer', answer: linkStatusAnswer, summary: "A platform's link status" }),
  connectPlatform: defineRoute({ name: 'connectPlatform', service: command, method: 'GET', path: '/api/auth/:platform/connect', auth: 'bearer', answer: connectAnswer, summary: "The platform's consent URL" }),
  platformCallback: defineRoute({ name: 'platformCallback', service: command, method: 'GET', path: '/api/auth/:platform/callback', auth: 'oauth-callback', answer: 'redirect', status: 302, summary: "The platform's return: links the account" }),
  disconnectPlatform: defineRoute({ name: 'disconnectPlatform', service: command, method: 'POST', path: '/api/auth/auth/:platform/logout', auth: 'bearer', answer: successAnswer, summary: 'Disconnect a platform (its tokens are shredded)' }),
  youtubeUpload: defineRoute({ name: 'youtubeUpload', cost: 'expensive', service: command, method: 'POST', path: '/api/video/youtube/upload', auth: 'bearer', body: youtubeUploadSchema, answer: youtubeUploadAnswer, summary: 'Post a video to YouTube' }),
  tiktokUpload: defineRoute({ name: 'tiktokUpload', cost: 'expensive', service: command, method: 'POST', path: '/api/video/tiktok/upload', auth: 'bearer', body: tiktokUploadSchema, answer: tiktokUploadAnswer, summary: 'Post a video to TikTok' }),
  instagramUpload: defineRoute({ name: 'instagramUpload', cost: 'expensive', service: command, method: 'POST', path: '/api/auth/instagram/upload', auth: 'bearer', body: instagramUploadSchema, answer: instagramUploadAnswer, summary: 'Post a video to Instagram' }),
  sandboxConsent: defineRoute({ name: 'sandboxConsent', service: command, method: 'GET', path: '/sandbox/connect/:platform', auth: 'public', answer: 'html', when: 'sandbox', summary: "The sandbox publisher's consent page" }),
  sandboxAllow: defineRoute({ name: 'sandboxAllow', service: command, method: 'POST', path: '/sandbox/connect/:platform', auth: 'public', body: 'form', answer: 'redirect', status: 303, when: 'sandbox', summary: 'Consent to a sandbox account' }),
  sandboxGallery: defineRoute({ name: 'sandboxGallery', service: command, method: 'GET', path: '/sandbox/published', auth: 'capability', answer: 'html', when: 'sandbox', summary: "A sandbox account's published videos" }),
  sandboxPost: defineRoute({ name: 'sandboxPost', service: command, method: 'GET', path: '/sandbox/published/:id', auth: 'capability', answer: 'html', when: 'sandbox', summary: 'One sandbox post' }),
  sandboxPostVideo: defineRoute({ name: 'sandboxPostVideo', service: command, method: 'GET', path: '/sandbox/published/:id/video', auth: 'capability', answer: 'media', when: 'sandbox', summary: "One sandbox post's video" }),

  // Series and autopilot.
  listSeries: defineRoute({ name: 'listSeries', service: query, method: 'GET', path: '/api/series', auth: 'bearer', answer: seriesListAnswer, summary: "The user's series, newest first" }),
  getSeries: defineRoute({ name: 'getSeries', service: query, method: 'GET', path: '/api/series/:id', auth: 'bearer', answer: seriesAnswer, summary: 'One series' }),
  createSeries: defineRoute({ name: 'createSeries', service: command, method: 'POST', path: '/api/series', auth: 'bearer', body: createSeriesSchema, answer: seriesCreatedAnswer, status: 201, summary: 'Create a series with its schedule' }),
  updateSeries: defineRoute({ name: 'updateSeries', service: command, method: 'PATCH', path: '/api/series/:id', auth: 'bearer', body: updateSeriesSchema, answer: successAnswer, summary: 'Edit a series' }),
  pauseSeries: defineRoute({ name: 'pauseSeries', service: command, method: 'POST', path: '/api/series/:id/pause', auth: 'bearer', answer: successAnswer, summary: "Pause a series' autopilot" }),
  resumeSeries: defineRoute({ name: 'resumeSeries', service: command, method: 'POST', path: '/api/series/:id/resume', auth: 'bearer', answer: successAnswer, summary: "Resume a series' autopilot" }),
  deleteSeries: defineRoute({ name: 'deleteSeries', service: command, method: 'DELETE', path: '/api/series/:id', auth: 'bearer', answer: successAnswer, summary: 'Delete a series (frees its plan slot)' }),
  // Batches (issue 18): many videos of a series from a list, made one at a time under the plan's monthly limit.
  queueBatch: defineRoute({ name: 'queueBatch', service: command, method: 'POST', path: '/api/series/:id/batch', auth: 'bearer', body: queueBatchSchema, answer: batchQueuedAnswer, status: 201, errors: [404], summary: 'Queue up to 100 topics or prompts (pasted lines, a CSV or items) as videos of the series, made one at a time; items past the monthly limit are reported' }),
  listBatches: defineRoute({ name: 'listBatches', service: query, method: 'GET', path: '/api/series/:id/batch', auth: 'bearer', answer: batchListAnswer, errors: [404], summary: "The series' batches with their progress, newest first" }),
  getBatch: defineRoute({ name: 'getBatch', service: query, method: 'GET', path: '/api/series/:id/batch/:batchId', auth: 'bearer', params: batchParams, answer: batchAnswer, errors: [404], summary: "A batch's progress: counts, and its items in order with their videos" }),
  cancelBatch: defineRoute({ name: 'cancelBatch', service: command, method: 'POST', path: '/api/series/:id/batch/:batchId/cancel', auth: 'bearer', params: batchParams, answer: successAnswer, errors: [404], summary: 'Cancel the queued items of a batch (the video being made finishes)' }),

  // The creator's own media library (issue 18).
  listMedia: defineRoute({ name: 'listMedia', service: query, method: 'GET', path: '/api/media', auth: 'bearer', query: mediaListQuery, answer: mediaLibraryPageAnswer, summary: "The user's own media library (at most 500 items), newest first, a page at a time (limit, offset), with the storage it takes" }),
  uploadMedia: defineRoute({ name: 'uploadMedia', cost: 'expensive', service: command, method: 'POST', path: '/api/media', auth: 'bearer', body: 'multipart', answer: mediaUploadedAnswer, status: 201, summary: 'Upload a clip (MP4, MOV, WebM; 200 MB, 3 minutes) or an image (JPEG, PNG, WebP; 20 MB) to the library, checked by its content' }),
  deleteMedia: defineRoute({ name: 'deleteMedia', service: command, method: 'DELETE', path: '/api/media/:id', auth: 'bearer', answer: successAnswer, summary: 'Delete an item of the library (its files are removed)' }),
  mediaThumbnail: defineRoute({ name: 'mediaThumbnail', service: query, method: 'GET', path: '/api/media/thumbnail/:userId/:id', auth: 'signed-url', answer: 'media', summary: "A library item's thumbnail (signed URL)" }),
  // Resumable uploads to the library (tus 1.0.0: creation, termination, expiration): the same limits, quota and checks as POST /api/media.
  createMediaUpload: defineRoute({ name: 'createMediaUpload', cost: 'expensive', service: command, method: 'POST', path: '/api/media/uploads', auth: 'bearer', body: 'tus', answer: 'tus', status: 201, errors: [412, 413], summary: 'Start a resumable upload (tus: Tus-Resumable, Upload-Length, Upload-Metadata filename); answers its Location' }),
  mediaUploadOffset: defineRoute({ name: 'mediaUploadOffset', service: command, method: 'GET', path: '/api/media/uploads/:id', auth: 'bearer', answer: 'tus', errors: [404, 410, 412], summary: 'How much of a resumable upload has arrived (tus HEAD; a GET answers the same headers): Upload-Offset, Upload-Length' }),
  continueMediaUpload: defineRoute({ name: 'continueMediaUpload', cost: 'expensive', service: command, method: 'PATCH', path: '/api/media/uploads/:id', auth: 'bearer', body: 'tus', answer: 'tus', status: 204, errors: [404, 409, 410, 412, 413, 415], summary: "Send the next bytes of a resumable upload from Upload-Offset (application/offset+octet-stream); the last ones are checked like POST /api/media and answer the library item" }),
  cancelMediaUpload: defineRoute({ name: 'cancelMediaUpload', service: command, method: 'DELETE', path: '/api/media/uploads/:id', auth: 'bearer', answer: 'tus', status: 204, errors: [404, 410, 412], summary: 'Abandon a resumable upload (its bytes are removed)' }),

  // The API described (issue 16): its OpenAPI document and a page to browse it.
  openApi: defineRoute({ name: 'openApi', service: query, method: 'GET', path: '/api/openapi.json', auth: 'public', answer: openApiAnswer, summary: 'This document: every route, generated from the route table' }),
  asyncApi: defineRoute({ name: 'asyncApi', service: query, method: 'GET', path: '/api/asyncapi.json', auth: 'public', answer: asyncApiAnswer, summary: "The bus contract (AsyncAPI 3.0): every Kafka topic's messages, key, headers, delivery and versioning rules, generated from the message schemas" }),
  apiDocs: defineRoute({ name: 'apiDocs', service: query, method: 'GET', path: '/api/docs', auth: 'public', answer: 'html', summary: 'A page to browse the API (Swagger UI)' }),
  apiDocsAsset: defineRoute({ name: 'apiDocsAsset', service: query, method: 'GET', path: '/api/docs/:file', auth: 'public', answer: 'static', summary: "The docs page's script and style sheet" }),

  // Development and test aids.
  devMailbox: defineRoute({ name: 'devMailbox', service: command, method: 'GET', path: '/dev/mailbox', auth: 'loopback', answer: 'html', when: 'dev-mailbox', summary: 'Mails the embedded product would have sent' }),
  // Analysts (issue 14): the log, time travel, export, projections and product stats, redacted.
  analyticsEvents: defineRoute({ name: 'analyticsEvents', service: query, method: 'GET', path: '/api/analytics/events', auth: 'analyst', query: eventsQuery, answer: eventsAnswer, summary: 'A page of the global log, filtered, in position order' }),
  analyticsLive: defineRoute({ name: 'analyticsLive', service: query, method: 'GET', path: '/api/analytics/events/live', auth: 'analyst', query: liveEventsQuery, answer: 'event-stream', summary: 'The global log as it grows (Server-Sent Events; resumes from Last-Event-ID)' }),
  analyticsStreams: defineRoute({ name: 'analyticsStreams', service: query, method: 'GET', path: '/api/analytics/streams', auth: 'analyst', query: streamsQuery, answer: streamsAnswer, summary: 'Recently changed streams' }),
  analyticsStream: defineRoute({ name: 'analyticsStream', service: query, method: 'GET', path: '/api/analytics/streams/:streamId', auth: 'analyst', params: streamParams, query: streamQuery, answer: streamAnswer, summary: 'A stream and its state, now or as of a position or time' }),
  analyticsExport: defineRoute({ name: 'analyticsExport', service: query, method: 'GET', path: '/api/analytics/export', auth: 'analyst', query: exportQuery, answer: 'download', summary: 'The log as NDJSON or CSV, streamed' }),
  analyticsProjections: defineRoute({ name: 'analyticsProjections', service: query, method: 'GET', path: '/api/analytics/projections', auth: 'analyst', answer: projectionsAnswer, summary: 'Every read model and reactor: position, lag, status' }),
  rebuildProjection: defineRoute({ name: 'rebuildProjection', service: command, method: 'POST', path: '/api/analytics/projections/:name/rebuild', auth: 'analyst', params: projectionParams, answer: rebuildAnswer, status: 202, summary: 'Rebuild a read model beside the live one, then swap' }),
  analyticsBusLag: defineRoute({ name: 'analyticsBusLag', service: query, method: 'GET', path: '/api/analytics/bus-lag', auth: 'analyst', answer: busLagAnswer, summary: "Each consumer group's lag per topic on the message bus (Kafka or the embedded bus)" }),
  analyticsStats: defineRoute({ name: 'analyticsStats', service: query, method: 'GET', path: '/api/analytics/stats', auth: 'analyst', query: statsQuery, answer: statsAnswer, summary: 'Product stats per hour, day or week' }),
  devMailboxMessages: defineRoute({ name: 'devMailboxMessages', service: command, method: 'GET', path: '/dev/mailbox/messages', auth: 'loopback', answer: mailboxAnswer, when: 'dev-mailbox', summary: 'The same, as JSON' }),
  testClock: defineRoute({ name: 'testClock', service: command, method: 'GET', path: '/api/test/clock', auth: 'public', answer: clockAnswer, when: 'test-clock', summary: "The scheduler's clock (test mode)" }),
  advanceTestClock: defineRoute({ name: 'advanceTestClock', service: command, method: 'POST', path: '/api/test/clock/advance', auth: 'public', body: advanceClockSchema, answer: clockAnswer, when: 'test-clock', summary: "Move the scheduler's clock forward (test mode)" }),
} as const satisfies Record<string, RouteContract>;

export type RouteName = keyof typeof ROUTES;
export type Routes = typeof ROUTES;

/** Every route, in declaration order. */
export const ALL_ROUTES: readonly RouteContract[] = Object.values(ROUTES);

/** The names of one service's routes. */
export type RouteNameOf<S extends ServiceName> = { [K in RouteName]: Routes[K]['service'] extends S ? K : never }[RouteName];

/** One service's routes. */
export function routesOf(service: ServiceName): RouteContract[] {
  return ALL_ROUTES.filter((route) => route.service === service);
}

type BodySchemaOf<N extends RouteName> = Routes[N] extends { body: infer B } ? (B extends z.ZodType ? B : never) : never;
type AnswerSchemaOf<N extends RouteName> = Routes[N]['answer'] extends z.ZodType ? Routes[N]['answer'] : never;

/** What a client sends to a route (its body schema's input). */
export type RequestOf<N extends RouteName> = z.input<BodySchemaOf<N>>;
/** What a route answers on success (its answer schema's output). */
export type AnswerOf<N extends RouteName> = z.output<AnswerSchemaOf<N>>;
