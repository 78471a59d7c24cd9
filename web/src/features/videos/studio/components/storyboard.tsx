import { useState, type ReactElement } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, FolderOpenOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import type { VideoDetail } from '@app/domain';
import { GrowingTextArea } from '../../../../components/ui/growing-text-area';
import { LazyModal } from '../../../../components/ui/lazy-modal';
import { useOwnMediaPicker, type MediaFitChoice } from '../../../../components/ui/own-media-picker';

type Studio = NonNullable<VideoDetail['studio']>;

export interface StoryboardProps {
  studio: Studio;
  /** Locked while a render of the video runs. */
  disabled: boolean;
  onEditLine: (index: number, line: string) => Promise<void>;
  onArrange: (order: number[]) => Promise<void>;
  onRegenerate: (index: number, prompt: string | undefined) => Promise<void>;
  /** Draw the scene again around another subject it offers (null: the one its line names). */
  onPickSubject: (index: number, subject: string | null) => Promise<void>;
  /** Show an item of the creator's library on the scene instead of its picture (null: the picture again). */
  onUseMedia?: (index: number, media: { mediaId: string; fit: MediaFitChoice } | null) => Promise<void>;
}

type Scene = Studio['scenes'][number];
const AUTOMATIC = '';

/** What the scene's picture shows, and a choice of another main subject among those its line and topic suggest. */
function SceneSubjects({ index, scene, disabled, onPick }: { index: number; scene: Scene; disabled: boolean; onPick: (subject: string | null) => Promise<void> }): ReactElement | null {
  const shown = scene.subjects ?? [];
  const choices = [...shown, ...(scene.subjectOptions ?? [])];
  if (choices.length === 0) return null;
  const chosen = scene.chosenSubject ? choices.find((c) => c.id === scene.chosenSubject) : undefined;
  return (
    <div className="sb-scene__subjects">
      <span className="sb-scene__subjects-label">Shows</span>
      <ul className="sb-scene__chips" aria-label={`Scene ${index + 1} shows`}>
        {shown.map((s, k) => (
          <li key={s.id} className={k === 0 ? 'sb-chip sb-chip--main' : 'sb-chip'}><span aria-hidden="true">{s.emoji}</span> {s.label}</li>
        ))}
      </ul>
      <select
        className="sb-scene__subject-pick"
        aria-label={`Main subject of scene ${index + 1}`}
        disabled={disabled}
        value={chosen?.id ?? AUTOMATIC}
        onChange={(e) => void onPick(e.target.value === AUTOMATIC ? null : e.target.value)}
      >
        <option value={AUTOMATIC}>Subject: as the line says</option>
        {choices.map((c) => <option key={c.id} value={c.id}>{`${c.emoji} ${c.label}`}</option>)}
      </select>
    </div>
  );
}

/** m:ss */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The scenes in order: picture, time span, narration line; each can be edited, moved, removed or redrawn. */
export function Storyboard({ studio, disabled, onEditLine, onArrange, onRegenerate, onPickSubject, onUseMedia }: StoryboardProps): ReactElement {
  const [redrawing, setRedrawing] = useState<{ index: number; prompt: string } | null>(null);
  // "Use my media": offered where the page provides the library's picker.
  const Picker = useOwnMediaPicker();
  const [picking, setPicking] = useState<number | null>(null);
  const count = studio.scenes.length;
  const order = (from: number, to: number) => {
    const next = studio.scenes.map((_, i) => i);
    next.splice(to, 0, ...next.splice(from, 1));
    return next;
  };
  return (
    <>
      <ol className="sb-list" aria-label="Storyboard">
        {studio.scenes.map((scene, i) => (
          <li key={`${i}-${scene.prompt}-${scene.line}`} className="sb-scene" data-testid="storyboard-scene">
            <div className="sb-scene__picture">
              {scene.media ? (
                <div className="sb-scene__own">
                  <img src={scene.media.thumbnailUrl} alt={`Scene ${i + 1}: my ${scene.media.kind === 'clip' ? 'clip' : 'image'}`} loading="lazy" />
                  <span className="sb-scene__own-badge">{scene.media.kind === 'clip' ? 'My clip' : 'My image'} · {scene.media.fit === 'letterbox' ? 'letterbox' : 'crop'}</span>
                </div>
              ) : scene.pictureUrl ? (
                <img src={scene.pictureUrl} alt={`Scene ${i + 1}: ${scene.prompt}`} loading="lazy" />
              ) : (
                <div className="sb-scene__pending" role="img" aria-label={`Scene ${i + 1}: a new picture on the next render`}>
                  New picture on the next render
                </div>
              )}
            </div>
            <div className="sb-scene__body">
              <div className="sb-scene__head">
                <strong>Scene {i + 1}</strong>
                {scene.start !== null && scene.end !== null && <span className="sb-scene__time">{clock(scene.start)} – {clock(scene.end)}</span>}
              </div>
              <SceneLine index={i} line={scene.line} disabled={disabled} onSave={(line) => onEditLine(i, line)} />
              {!scene.media && <SceneSubjects index={i} scene={scene} disabled={disabled} onPick={(subject) => onPickSubject(i, subject)} />}
              <div className="sb-scene__actions">
                <Tooltip title="Move up">
                  <Button size="small" icon={<ArrowUpOutlined />} aria-label={`Move scene ${i + 1} up`} disabled={disabled || i === 0} onClick={() => void onArrange(order(i, i - 1))} />
                </Tooltip>
                <Tooltip title="Move down">
                  <Button size="small" icon={<ArrowDownOutlined />} aria-label={`Move scene ${i + 1} down`} disabled={disabled || i === count - 1} onClick={() => void onArrange(order(i, i + 1))} />
                </Tooltip>
                <Button size="small" icon={<ReloadOutlined />} disabled={disabled} onClick={() => setRedrawing({ index: i, prompt: scene.prompt })}>
                  New picture
                </Button>
                {Picker && onUseMedia && (scene.media ? (
                  <Button size="small" icon={<UndoOutlined />} disabled={disabled} onClick={() => void onUseMedia(i, null).catch(() => undefined)}>
                    Use the picture again
                  </Button>
                ) : (
                  <Button size="small" icon={<FolderOpenOutlined />} disabled={disabled} onClick={() => setPicking(i)}>
                    Use my media
                  </Button>
                ))}
                <Popconfirm
                  title={`Remove scene ${i + 1}?`}
                  description="Its line and picture leave the video on the next render."
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  disabled={disabled || count === 1}
                  onConfirm={() => onArrange(studio.scenes.map((_, k) => k).filter((k) => k !== i))}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove scene ${i + 1}`} disabled={disabled || count === 1} />
                </Popconfirm>
              </div>
            </div>
          </li>
        ))}
      </ol>
      {Picker && onUseMedia && (
        <Picker
          open={picking !== null}
          multiple={false}
          title={picking !== null ? `Your media for scene ${picking + 1}` : ''}
          onCancel={() => setPicking(null)}
          onPick={([choice]) => {
            const index = picking;
            setPicking(null);
            if (choice && index !== null) void onUseMedia(index, { mediaId: choice.mediaId, fit: choice.fit }).catch(() => undefined);
          }}
        />
      )}
      <LazyModal
        open={redrawing !== null}
        title={redrawing ? `A new picture for scene ${redrawing.index + 1}` : ''}
        okText="Draw a new picture"
        onCancel={() => setRedrawing(null)}
        onOk={async () => {
          if (!redrawing) return;
          const original = studio.scenes[redrawing.index]?.prompt;
          await onRegenerate(redrawing.index, redrawing.prompt.trim() && redrawing.prompt.trim() !== original ? redrawing.prompt.trim() : undefined);
          setRedrawing(null);
        }}
      >
        <label htmlFor="scene-prompt" className="vid-field__label">WHAT THE PICTURE SHOWS</label>
        <GrowingTextArea id="scene-prompt" value={redrawing?.prompt ?? ''} maxLength={400} showCount grow={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => setRedrawing((r) => (r ? { ...r, prompt: e.target.value } : r))} />
        <p className="vid-note">Same art style, a new drawing. Keep the description to draw another take on it.</p>
      </LazyModal>
    </>
  );
}

function SceneLine({ index, line, disabled, onSave }: { index: number; line: string; disabled: boolean; onSave: (line: string) => Promise<void> }): ReactElement {
  const [value, setValue] = useState(line);
  const [saving, setSaving] = useState(false);
  const changed = value.trim() !== line && value.trim().length > 0;
  return (
    <div className="sb-scene__line">
      <GrowingTextArea
        aria-label={`Scene ${index + 1} narration`}
        value={value}
        readOnly={disabled}
        grow={{ minRows: 2, maxRows: 6 }}
        onChange={(e) => setValue(e.target.value)}
      />
      {changed && (
        <div className="sb-scene__line-actions">
          <Button size="small" onClick={() => setValue(line)}>Undo</Button>
          <Button size="small" type="primary" loading={saving} disabled={disabled} onClick={async () => {
            setSaving(true);
            try {
              await onSave(value.trim());
            } finally {
              setSaving(false);
            }
          }}>
            Save line
          </Button>
        </div>
      )}
    </div>
  );
}
