import { createContext, useContext, type ComponentType } from 'react';

/** How a library item fills a frame of another shape: cut from the centre, or shown whole on black bars. */
export type MediaFitChoice = 'crop' | 'letterbox';

/** An item of the creator's media library picked for a video (issue 18). */
export interface OwnMediaChoice {
  mediaId: string;
  kind: 'clip' | 'image';
  name: string;
  thumbnailUrl: string;
  durationSeconds: number | null;
  fit: MediaFitChoice;
}

export interface OwnMediaPickerProps {
  open: boolean;
  title: string;
  /** Several items, in the order they are ticked (the wizard), or one (a storyboard scene). */
  multiple: boolean;
  onCancel: () => void;
  onPick: (choices: OwnMediaChoice[]) => void;
}

/**
 * The media library's picker, handed down by the page that composes features (features do not
 * import each other): the wizard and the storyboard offer "Use my own media" when a page provides it.
 */
export const OwnMediaPickerContext = createContext<ComponentType<OwnMediaPickerProps> | null>(null);

export const useOwnMediaPicker = () => useContext(OwnMediaPickerContext);
