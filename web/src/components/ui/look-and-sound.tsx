import { useEffect, useRef, useState, type ReactElement } from 'react';
import './look-and-sound.css';
import { Segmented, Slider, Switch } from 'antd';
import {
  CAPTION_POSITIONS, CAPTION_SIZES, MUSIC_MOODS, type CaptionPosition, type CaptionSize, type CaptionStyle, type Catalog, type MusicSettings,
} from '@app/domain';
import { NativeSelect } from '../form/select-field';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export interface CaptionSettingsProps {
  captions: CaptionStyle;
  presets: Catalog['captionPresets'];
  disabled: boolean;
  onChange: (captions: CaptionStyle) => void;
}

/** The caption presets (each with its preview), position inside the safe zones, size and highlight colour. */
export function CaptionSettings({ captions, presets, disabled, onChange }: CaptionSettingsProps): ReactElement {
  const set = (change: Partial<CaptionStyle>) => onChange({ ...captions, ...change });
  return (
    <div className="st-settings">
      <div role="radiogroup" aria-label="Caption style" className="st-presets">
        {presets.map((preset) => (
          <button
            key={preset.id}
            type="button"
            role="radio"
            aria-checked={captions.preset === preset.id}
            className={`st-preset${captions.preset === preset.id ? ' is-selected' : ''}`}
            disabled={disabled}
            onClick={() => set({ preset: preset.id as CaptionStyle['preset'] })}
          >
            <img src={preset.previewUrl} alt="" width={120} height={213} loading="lazy" />
            <span className="st-preset__label">{preset.label}</span>
            <span className="st-preset__description">{preset.description}</span>
          </button>
        ))}
      </div>
      <div className="st-row">
        <span className="vid-field__label" id="caption-position">POSITION</span>
        <Segmented aria-labelledby="caption-position" disabled={disabled} value={captions.position}
          options={CAPTION_POSITIONS.map((p) => ({ label: capitalised(p), value: p }))} onChange={(position) => set({ position: position as CaptionPosition })} />
      </div>
      <div className="st-row">
        <span className="vid-field__label" id="caption-size">SIZE</span>
        <Segmented aria-labelledby="caption-size" disabled={disabled} value={captions.size}
          options={CAPTION_SIZES.map((s) => ({ label: capitalised(s), value: s }))} onChange={(size) => set({ size: size as CaptionSize })} />
      </div>
      <div className="st-row">
        <label className="vid-field__label" htmlFor="caption-highlight">HIGHLIGHT COLOUR</label>
        <input id="caption-highlight" type="color" className="st-colour" disabled={disabled} value={captions.highlight.toLowerCase()}
          onChange={(e) => set({ highlight: e.target.value.toUpperCase() })} />
      </div>
    </div>
  );
}

export interface MusicFieldsProps {
  music: MusicSettings;
  disabled: boolean;
  onChange: (music: MusicSettings) => void;
}

/** The music bed: mood, volume (0 = none) and ducking under the voice. */
export function MusicFields({ music, disabled, onChange }: MusicFieldsProps): ReactElement {
  // The slider follows the pointer or the arrow keys at once and tells the choice when a move ends
  // (each arrow key press is one). It takes the saved volume when that changes, except the echoes of
  // earlier steps while a later one is on its way. (Started afresh at each save, it lost a keyboard
  // user's focus; taking every echo, it jumped back under the keys.)
  const [volume, setVolume] = useState(music.volume);
  const told = useRef<number | null>(null);
  useEffect(() => {
    if (told.current !== null && music.volume !== told.current) return;
    told.current = null;
    setVolume(music.volume);
  }, [music.volume]);
  return (
    <>
      <div className="st-row st-row--stack">
        <label className="vid-field__label" htmlFor="studio-mood">MUSIC MOOD</label>
        <NativeSelect id="studio-mood" size="middle" value={music.mood} disabled={disabled} onChange={(mood) => onChange({ ...music, mood: mood as MusicSettings['mood'] })}
          options={MUSIC_MOODS.map((m) => ({ value: m, label: m === 'auto' ? 'Auto (from the topic)' : capitalised(m) }))} />
      </div>
      <div className="st-row st-row--stack">
        <span className="vid-field__label" id="studio-volume">MUSIC VOLUME · {volume === 0 ? 'no music' : `${volume} %`}</span>
        <Slider aria-labelledby="studio-volume" min={0} max={100} step={5} disabled={disabled} value={volume} onChange={setVolume}
          onChangeComplete={(chosen) => {
            told.current = chosen === music.volume ? null : chosen;
            onChange({ ...music, volume: chosen });
          }} />
      </div>
      <div className="st-row">
        <label className="vid-field__label" htmlFor="studio-ducking">LOWER THE MUSIC UNDER THE VOICE</label>
        <Switch id="studio-ducking" checked={music.ducking} disabled={disabled || volume === 0} onChange={(ducking) => onChange({ ...music, ducking })} />
      </div>
    </>
  );
}

export interface SoundSettingsProps {
  voiceId: string;
  music: MusicSettings;
  voices: Catalog['voices'];
  disabled: boolean;
  onVoice: (voiceId: string) => void;
  onMusic: (music: MusicSettings) => void;
}

/** The narrator and the music bed. */
export function SoundSettings({ voiceId, music, voices, disabled, onVoice, onMusic }: SoundSettingsProps): ReactElement {
  return (
    <div className="st-settings">
      <div className="st-row st-row--stack">
        <label className="vid-field__label" htmlFor="studio-voice">NARRATOR</label>
        <NativeSelect id="studio-voice" size="middle" value={voiceId} disabled={disabled} onChange={onVoice}
          options={voices.map((v) => ({ value: v.id, label: `${v.name} · ${v.description}` }))} />
      </div>
      <MusicFields music={music} disabled={disabled} onChange={onMusic} />
    </div>
  );
}
