export { MediaLibrary } from './components/media-library';
export { MediaPicker } from './components/media-picker';
export { ImportVideoButton, IMPORT_VIDEO_LABEL } from './components/import-video-button';
