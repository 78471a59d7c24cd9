import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Button } from 'antd';
import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/toast';

/** One shared <audio> so only one preview plays at a time. */
let shared: HTMLAudioElement | null = null;
let stopOthers: (() => void) | null = null;

function previewFailed() {
  toast({ title: 'Preview Failed', description: 'Could not play voice preview. Please try again.', variant: 'destructive' });
}

export function VoicePreviewButton({ name, url }: { name: string; url: string }): ReactElement {
  const [playing, setPlaying] = useState(false);
  const mine = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      if (stopOthers === mine.current && shared) shared.pause();
    },
    [],
  );

  const stop = () => {
    shared?.pause();
    setPlaying(false);
  };

  const play = async () => {
    if (playing) {
      stop();
      return;
    }
    stopOthers?.();
    mine.current = () => setPlaying(false);
    stopOthers = mine.current;
    try {
      if (!shared) shared = new Audio();
      shared.onended = () => setPlaying(false);
      shared.onerror = () => {
        setPlaying(false);
        previewFailed();
      };
      shared.src = url;
      setPlaying(true);
      await shared.play();
    } catch (error) {
      setPlaying(false);
      if ((error as { name?: string } | null)?.name !== 'AbortError') previewFailed();
    }
  };

  return (
    <Button
      type="text"
      shape="circle"
      className="voice-preview"
      icon={playing ? <PauseCircleOutlined /> : <SoundOutlined />}
      aria-label={playing ? `Stop ${name} preview` : `Play ${name} preview`}
      aria-pressed={playing}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void play();
      }}
    />
  );
}
