import { useState, type ReactElement, type RefObject } from 'react';
import { useField } from 'react-final-form';
import { Button } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, DeleteOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useOwnMediaPicker, type MediaFitChoice, type OwnMediaChoice } from '../../../../components/ui/own-media-picker';
import './media-step.css';

/** 0:07, 1:00 (59.6 s): whole seconds, rounded before they are split into minutes. */
const duration = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * "Use my own media" (issue 18, optional): clips and images of the library, or new uploads, in order;
 * scene 1 shows the first, scene 2 the second, and the scenes past them get generated pictures. Each
 * fills the frame cut from its centre, or whole on black bars (letterbox). Only for the video made now.
 */
export function MediaStep({ headingRef, onBack, onNext }: { headingRef: RefObject<HTMLHeadingElement | null>; onBack: () => void; onNext: () => void }): ReactElement {
  const Picker = useOwnMediaPicker();
  const [open, setOpen] = useState(false);
  const { input } = useField<OwnMediaChoice[] | undefined>('sceneMedia');
  const chosen = input.value || [];
  const set = (next: OwnMediaChoice[]) => input.onChange(next.length > 0 ? next : undefined);
  const move = (from: number, to: number) => {
    const next = [...chosen];
    next.splice(to, 0, ...next.splice(from, 1));
    set(next);
  };
  return (
    <section className="wizard__step" aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard__title">
        Use my own media
      </h2>
      <p className="wizard__hint">
        Optional. Show your own clips and images instead of generated pictures: the first goes on scene 1, the second on scene 2, and so on. Clips play
        muted under the narration, cut to their scene; images move like the generated pictures.
      </p>
      {chosen.length > 0 && (
        <ol className="wizard-media" aria-label="Your media, in scene order">
          {chosen.map((item, i) => (
            <li key={`${item.mediaId}-${i}`} className="wizard-media__item">
              <img src={item.thumbnailUrl} alt="" className="wizard-media__thumb" />
              <div className="wizard-media__body">
                <strong>Scene {i + 1}</strong>
                <span className="wizard-media__name">{item.name}{item.kind === 'clip' && item.durationSeconds !== null ? ` · ${duration(item.durationSeconds)}` : ''}</span>
                <select
                  aria-label={`How ${item.name} fills the frame`}
                  value={item.fit}
                  onChange={(e) => set(chosen.map((c, k) => (k === i ? { ...c, fit: e.target.value as MediaFitChoice } : c)))}
                >
                  <option value="crop">Crop to fill</option>
                  <option value="letterbox">Letterbox</option>
                </select>
              </div>
              <div className="wizard-media__actions">
                <Button size="small" icon={<ArrowUpOutlined />} aria-label={`Move ${item.name} up`} disabled={i === 0} onClick={() => move(i, i - 1)} />
                <Button size="small" icon={<ArrowDownOutlined />} aria-label={`Move ${item.name} down`} disabled={i === chosen.length - 1} onClick={() => move(i, i + 1)} />
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${item.name}`} onClick={() => set(chosen.filter((_, k) => k !== i))} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {Picker && (
        <>
          <Button icon={<FolderOpenOutlined />} onClick={() => setOpen(true)}>
            {chosen.length > 0 ? 'Add more from my library' : 'Pick from my library or upload'}
          </Button>
          <Picker open={open} multiple title="Use my own media" onCancel={() => setOpen(false)} onPick={(picked) => {
            setOpen(false);
            set([...chosen, ...picked]);
          }} />
        </>
      )}
      <div className="wizard__actions">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          Back
        </Button>
        <Button type="primary" onClick={onNext}>
          {chosen.length > 0 ? 'Next' : 'Skip'} <ArrowRightOutlined />
        </Button>
      </div>
    </section>
  );
}
