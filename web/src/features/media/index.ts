export { MediaLibrary } from './components/media-library';
export { MediaPicker } from './components/media-picker';
export { UploadVideoButton } from './components/upload-video-button';
