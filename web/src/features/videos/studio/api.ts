import { STATUS_BEFORE_ANY, type ArrangeScenesBody, type CaptionStyle, type EditSceneBody, type EditScriptBody, type MusicSettings } from '@app/domain';
import { api } from '../../../lib/api';
import { videosApi } from '../api';

type Answer = { success: boolean; position?: number };
const at = encodeURIComponent;
/** After an edit the record is read again (its `studio` part holds the draft). */
const theVideo = (_r: unknown, error: unknown, { id }: { id: string }) => (error ? [] : [{ type: 'Video' as const, id }]);

/**
 * The studio's calls (docs/api.md). Each edit changes the video's draft; a re-render also
 * restarts the live status from the new render's first stage.
 */
const studioApi = api.injectEndpoints({
  endpoints: (build) => ({
    editScript: build.mutation<Answer, { id: string } & EditScriptBody>({
      query: ({ id, ...body }) => ({ url: `/api/video/${at(id)}/script`, method: 'PUT', body }),
      invalidatesTags: theVideo,
    }),
    editScene: build.mutation<Answer, { id: string; index: number } & EditSceneBody>({
      query: ({ id, index, ...body }) => ({ url: `/api/video/${at(id)}/scenes/${index}`, method: 'PATCH', body }),
      invalidatesTags: theVideo,
    }),
    arrangeScenes: build.mutation<Answer, { id: string } & ArrangeScenesBody>({
      query: ({ id, order }) => ({ url: `/api/video/${at(id)}/scenes`, method: 'PUT', body: { order } }),
      invalidatesTags: theVideo,
    }),
    regenerateScenePicture: build.mutation<Answer, { id: string; index: number; prompt?: string; subject?: string | null }>({
      query: ({ id, index, prompt, subject }) => ({ url: `/api/video/${at(id)}/scenes/${index}/picture`, method: 'POST', body: { ...(prompt ? { prompt } : {}), ...(subject !== undefined ? { subject } : {}) } }),
      invalidatesTags: theVideo,
    }),
    /** A library item on a scene instead of its picture (issue 18), or its picture again (mediaId null). */
    useSceneMedia: build.mutation<Answer, { id: string; index: number; mediaId: string | null; fit?: 'crop' | 'letterbox' }>({
      query: ({ id, index, mediaId, fit }) => ({ url: `/api/video/${at(id)}/scenes/${index}/media`, method: 'PUT', body: { mediaId, ...(fit ? { fit } : {}) } }),
      invalidatesTags: theVideo,
    }),
    changeVoice: build.mutation<Answer, { id: string; voiceId: string }>({
      query: ({ id, voiceId }) => ({ url: `/api/video/${at(id)}/voice`, method: 'PUT', body: { voiceId } }),
      invalidatesTags: theVideo,
    }),
    changeMusic: build.mutation<Answer, { id: string; music: MusicSettings }>({
      query: ({ id, music }) => ({ url: `/api/video/${at(id)}/music`, method: 'PUT', body: music }),
      invalidatesTags: theVideo,
    }),
    changeCaptionStyle: build.mutation<Answer, { id: string; captions: CaptionStyle }>({
      query: ({ id, captions }) => ({ url: `/api/video/${at(id)}/captions`, method: 'PUT', body: captions }),
      invalidatesTags: theVideo,
    }),
    restoreVersion: build.mutation<Answer, { id: string; version: number }>({
      query: ({ id, version }) => ({ url: `/api/video/${at(id)}/versions/${version}/restore`, method: 'POST', body: {} }),
      invalidatesTags: theVideo,
    }),
    requestRerender: build.mutation<Answer & { version: number }, { id: string }>({
      query: ({ id }) => ({ url: `/api/video/${at(id)}/rerender`, method: 'POST', body: {} }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(videosApi.util.upsertQueryData('getVideoStatus', id, { status: null, progress: 0, message: STATUS_BEFORE_ANY }));
        } catch {
          // The caller shows the refusal.
        }
      },
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'Video', id }, { type: 'Video', id: 'LIST' }]),
    }),
  }),
});

export const {
  useEditScriptMutation,
  useEditSceneMutation,
  useArrangeScenesMutation,
  useRegenerateScenePictureMutation,
  useUseSceneMediaMutation,
  useChangeVoiceMutation,
  useChangeMusicMutation,
  useChangeCaptionStyleMutation,
  useRestoreVersionMutation,
  useRequestRerenderMutation,
} = studioApi;
