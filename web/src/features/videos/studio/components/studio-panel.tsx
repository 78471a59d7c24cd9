import { Suspense, useEffect, useRef, type ReactElement } from 'react';
import { Alert, Button } from 'antd';
import { HistoryOutlined, SyncOutlined } from '@ant-design/icons';
import { catalog, type CaptionStyle, type MusicSettings, type VideoDetail } from '@app/domain';
import { toast } from '../../../../lib/toast';
import { refusalToast } from '../../lib/refusal-toast';
import {
  useArrangeScenesMutation, useChangeCaptionStyleMutation, useChangeMusicMutation, useChangeVoiceMutation, useEditSceneMutation,
  useRegenerateScenePictureMutation, useRequestRerenderMutation, useRestoreVersionMutation, useUseSceneMediaMutation,
} from '../api';
import { Storyboard, clock } from './storyboard';
import { lazyComponent } from '../../../../lib/lazy-component';
import { Tabs } from '../../../../components/ui/tabs';
import '../studio.css';

type Studio = NonNullable<VideoDetail['studio']>;

// The Captions and Sound tabs' settings (antd's segmented controls, slider and switch), fetched when one of them is opened.
const CaptionSettings = lazyComponent(() => import('../../../../components/ui/look-and-sound').then((module) => module.CaptionSettings));
const SoundSettings = lazyComponent(() => import('../../../../components/ui/look-and-sound').then((module) => module.SoundSettings));
const tabLoading = <div className="skel skel--block" style={{ height: 160 }} aria-busy="true" aria-label="Loading" />;

/** The catalogue is the domain's own: the voices and caption presets need no request. */
const CATALOG = catalog();

/** Runs a studio call; a refusal shows the server's message (the field keeps what was typed). */
async function saving(work: () => Promise<unknown>, fallback = 'Your change could not be saved'): Promise<void> {
  try {
    await work();
  } catch (error) {
    toast(refusalToast(error, fallback));
    throw error;
  }
}
/** For calls whose refusal was already shown: nothing more to do with it. */
const quietly = async (work: Promise<unknown>): Promise<void> => {
  await work.catch(() => undefined);
};

/**
 * The studio on the detail page: the storyboard, the captions' look, the voice and music, and the
 * versions. Edits change the draft; "Re-render" makes a new version from it while the current one
 * keeps playing.
 */
export function StudioPanel({ video }: { video: VideoDetail }): ReactElement | null {
  const studio = video.studio;
  const [editScene] = useEditSceneMutation();
  const [arrangeScenes] = useArrangeScenesMutation();
  const [regenerate] = useRegenerateScenePictureMutation();
  const [putSceneMedia] = useUseSceneMediaMutation();
  const [changeCaptions] = useChangeCaptionStyleMutation();
  const [changeMusic] = useChangeMusicMutation();
  const [changeVoice] = useChangeVoiceMutation();
  const [rerender, rerendering] = useRequestRerenderMutation();
  const [restore, restoring] = useRestoreVersionMutation();
  // The "Rendering version N" toast, while it may still be up, says so when the render has ended:
  // a quick re-render (a new music level) is done before the toast has gone.
  const announced = useRef<{ version: number; toast: ReturnType<typeof toast> } | null>(null);
  // How the last render shown ended: the version on show (none while one renders), the version that failed.
  const outcome = useRef<{ onShow: number | null; failed: number | null }>({ onShow: null, failed: null });
  const settleAnnounced = () => {
    const pending = announced.current;
    const { onShow, failed } = outcome.current;
    if (pending && onShow === pending.version) pending.toast.update({ title: `Version ${pending.version} is ready`, description: 'The player shows it now.', variant: 'success' });
    // A version that failed is told by the panel's alert.
    else if (pending && onShow !== null && failed === pending.version) pending.toast.dismiss();
    else return;
    announced.current = null;
  };
  const onShow = studio && !studio.rendering ? studio.currentVersion : null;
  const failed = studio?.lastRerenderFailure?.version ?? null;
  useEffect(() => {
    outcome.current = { onShow, failed };
    settleAnnounced();
  });
  if (!studio) return null;
  const id = video._id;
  const locked = studio.rendering;
  // A re-render that failed while the version on show stayed: its outcome, until another render starts.
  const failure = locked ? null : studio.lastRerenderFailure;

  const onRerender = () => quietly(saving(async () => {
    const { version } = await rerender({ id }).unwrap();
    announced.current = { version, toast: toast({ title: `Rendering version ${version}`, description: 'The current version keeps playing until the new one is ready.' }) };
    settleAnnounced();
  }, 'The video could not be rendered again'));

  return (
    <section className="st-panel" aria-labelledby="studio-heading">
      <header className="st-panel__head">
        <div>
          <h2 id="studio-heading">Studio</h2>
          <p className="st-panel__state" aria-live="polite">
            {locked
              // Version numbers are the record's, counted as the server counts them (a failed re-render keeps its number).
              ? <><SyncOutlined spin /> Rendering{studio.renderingVersion === null ? '' : ` version ${studio.renderingVersion}`}… edits open again when it is done.</>
              : studio.hasUnrenderedEdits
                ? 'You have changes that are not in the video yet.'
                : `Showing version ${studio.currentVersion ?? 1}.`}
          </p>
        </div>
        <Button type="primary" size="large" icon={<SyncOutlined />} loading={rerendering.isLoading} disabled={locked || !studio.hasUnrenderedEdits} onClick={onRerender}>
          Re-render as version {studio.nextVersion}
        </Button>
      </header>
      {failure && (
        <Alert
          type="warning"
          showIcon
          data-testid="rerender-failure"
          title={`Version ${failure.version} could not be rendered. Version ${studio.currentVersion ?? 1} is still on show.`}
          description={<>{failure.reason}<br />Change what you need and re-render to try again.</>}
        />
      )}
      <Tabs
        label="Studio"
        items={[
          {
            key: 'storyboard',
            label: 'Storyboard',
            children: (
              <Storyboard
                studio={studio}
                disabled={locked}
                onEditLine={(index, line) => saving(() => editScene({ id, index, line }).unwrap())}
                onArrange={(order) => quietly(saving(() => arrangeScenes({ id, order }).unwrap()))}
                onRegenerate={(index, prompt) => saving(() => regenerate({ id, index, prompt }).unwrap())}
                onPickSubject={(index, subject) => saving(() => regenerate({ id, index, subject }).unwrap())}
                onUseMedia={(index, media) => saving(() => putSceneMedia({ id, index, mediaId: media?.mediaId ?? null, ...(media ? { fit: media.fit } : {}) }).unwrap())}
              />
            ),
          },
          {
            key: 'captions',
            label: 'Captions',
            children: (
              <Suspense fallback={tabLoading}>
                <CaptionSettings captions={studio.captions} presets={CATALOG.captionPresets} disabled={locked}
                  onChange={(captions: CaptionStyle) => void quietly(saving(() => changeCaptions({ id, captions }).unwrap()))} />
              </Suspense>
            ),
          },
          {
            key: 'sound',
            label: 'Sound',
            children: (
              <Suspense fallback={tabLoading}>
                <SoundSettings voiceId={studio.voiceId} music={studio.music} voices={CATALOG.voices} disabled={locked}
                  onVoice={(voiceId) => void quietly(saving(() => changeVoice({ id, voiceId }).unwrap()))}
                  onMusic={(music: MusicSettings) => void quietly(saving(() => changeMusic({ id, music }).unwrap()))} />
              </Suspense>
            ),
          },
          {
            key: 'versions',
            label: `Versions (${studio.versions.length})`,
            // Its own component: its dates are formatted (the browser's Intl, costly on a phone's first use) only once the tab is opened.
            children: <VersionList studio={studio} locked={locked} restoring={restoring.isLoading} onRestore={(version) => void quietly(saving(() => restore({ id, version }).unwrap()))} />,
          },
        ]}
      />
      {locked && <Alert type="info" showIcon message="The video keeps playing its current version until the new one is done." />}
    </section>
  );
}

/** The studio's versions, newest first: the one on show, and a way back to any other. */
function VersionList({ studio, locked, restoring, onRestore }: { studio: Studio; locked: boolean; restoring: boolean; onRestore: (version: number) => void }): ReactElement {
  return (
    <ol className="st-versions" aria-label="Versions">
      {[...studio.versions].reverse().map((v) => (
        <li key={v.version} className="st-version">
          <HistoryOutlined aria-hidden />
          <span className="st-version__name">Version {v.version}</span>
          <span className="st-version__meta">{new Date(v.at).toLocaleString()} · {clock(v.durationSeconds)}</span>
          {v.version === studio.currentVersion
            ? <span className="st-version__shown">On show</span>
            : <Button size="small" loading={restoring} disabled={locked} onClick={() => onRestore(v.version)}>Restore</Button>}
        </li>
      ))}
    </ol>
  );
}
