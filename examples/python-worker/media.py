"""The ffmpeg work: pictures brought into the frame, scenes joined into an MP4, uploads normalised.

Every MP4 it writes is the platform's format (docs/bus-contract.md): H.264 yuv420p at 30 fps and
AAC 48 kHz stereo, the index first (faststart), at the frame size of the request's aspect ratio.
"""
import json
import os
import subprocess
import textwrap
from dataclasses import dataclass

FPS = 30
GOP = FPS * 2
CARD_COLOURS = ["0x1d3557", "0x9d0208", "0x2a9d8f", "0x6a4c93", "0xe76f51"]


class Unplayable(Exception):
    """A file ffprobe finds no video in: no retry can help."""


@dataclass
class Scene:
    """One scene of a made video: a still (a card, or the creator's image) or the creator's clip."""
    path: str
    kind: str  # "still" or "clip"
    fit: str  # "crop" or "letterbox"
    line: str
    own: bool  # the creator's own media: the line goes at the bottom, over a band, like a caption


class Tools:
    def __init__(self, settings):
        self.settings = settings

    def ffmpeg(self, *args):
        run = subprocess.run([self.settings.ffmpeg, "-hide_banner", "-v", "error", "-y", *args], capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"ffmpeg failed: {run.stderr.strip()[-300:]}")

    def probe(self, path):
        """(duration in seconds, has sound) of a video; Unplayable when there is no video in it."""
        run = subprocess.run([self.settings.ffprobe, "-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
                             capture_output=True, text=True)
        found = json.loads(run.stdout or "{}") if run.returncode == 0 else {}
        streams = found.get("streams", [])
        video = next((s for s in streams if s.get("codec_type") == "video"), None)
        try:
            seconds = float(found.get("format", {}).get("duration") or (video or {}).get("duration") or "nan")
        except ValueError:
            seconds = float("nan")
        if video is None or not seconds > 0:
            raise Unplayable("it holds no video ffprobe can read")
        return seconds, any(s.get("codec_type") == "audio" for s in streams)

    # --- Made videos ----------------------------------------------------------------------------
    def card(self, index, width, height, out):
        """A plain coloured picture of the frame's size: a scene's generated picture."""
        colour = CARD_COLOURS[index % len(CARD_COLOURS)]
        self.ffmpeg("-f", "lavfi", "-i", f"color=c={colour}:s={width}x{height}", "-frames:v", "1", out)

    def tone(self, seconds, out):
        """The sound of a made video: a quiet tone (this worker narrates nothing)."""
        self.ffmpeg("-f", "lavfi", "-i", f"sine=frequency=220:sample_rate=48000:duration={seconds:.3f}", "-af", "volume=0.05", out)

    def join_scenes(self, scenes, frames, width, height, audio, work, out):
        """
        The scenes one after another, `frames` frames each, over `audio`: each brought into the frame
        by its fit; a clip cut to its scene (its last frame held when shorter) and muted; each
        scene's line drawn on it.
        """
        seconds = frames / FPS
        inputs, chains = [], []
        for index, scene in enumerate(scenes):
            if scene.kind == "still":
                inputs += ["-loop", "1", "-framerate", str(FPS)]
            # Read no more of the source than the scene shows.
            inputs += ["-t", f"{seconds + 0.5:.3f}", "-i", scene.path]
            chain = f"[{index}:v]{fit_filter(scene.fit, width, height)},fps={FPS},format=yuv420p"
            if scene.kind == "clip":
                chain += ",tpad=stop_mode=clone:stop=-1"
            chain += self.line_filter(scene, index, width, work)
            chains.append(f"{chain},trim=end_frame={frames},setpts=PTS-STARTPTS[v{index}]")
        joined = "".join(f"[v{index}]" for index in range(len(scenes)))
        chains.append(f"{joined}concat=n={len(scenes)}:v=1:a=0[v]")
        self.ffmpeg(*inputs, "-i", audio, "-filter_complex", ";".join(chains),
                    "-map", "[v]", "-map", f"{len(scenes)}:a",
                    *self.video_codec(), "-r", str(FPS), *audio_codec(), "-shortest", "-movflags", "+faststart", out)

    def line_filter(self, scene, index, width, work):
        """drawtext for the scene's line (nothing without the font): centred on a card, at the bottom over own media."""
        font = self.settings.font
        if not scene.line.strip() or not os.path.exists(font):
            return ""
        text = os.path.join(work, f"line-{index}.txt")
        with open(text, "w", encoding="utf-8") as out:
            out.write(textwrap.fill(scene.line, width=max(12, width // 48)))
        drawn = f",drawtext=fontfile={font}:textfile={text}:fontcolor=white:fontsize={width // 18}:line_spacing={width // 60}:x=(w-text_w)/2"
        if scene.own:
            return drawn + f":y=h-text_h-h/10:box=1:boxcolor=black@0.55:boxborderw={width // 40}"
        return drawn + ":y=(h-text_h)/2"

    # --- Uploaded videos ------------------------------------------------------------------------
    def normalise(self, source, width, height, out):
        """
        An uploaded finished video in the platform's format, letterboxed into the frame, its own
        length, silence when it had no sound. Returns its length in seconds.
        """
        seconds, has_audio = self.probe(source)
        silence = [] if has_audio else ["-f", "lavfi", "-t", f"{seconds:.3f}", "-i", "anullsrc=r=48000:cl=stereo"]
        self.ffmpeg("-i", source, *silence,
                    "-map", "0:v:0", "-map", "0:a:0" if has_audio else "1:a:0",
                    "-vf", f"{fit_filter('letterbox', width, height)},fps={FPS},format=yuv420p",
                    *self.video_codec(), "-profile:v", "high", *audio_codec(),
                    "-t", f"{seconds:.3f}", "-movflags", "+faststart", "-f", "mp4", out)
        return self.probe(out)[0]

    # --- Both -----------------------------------------------------------------------------------
    def thumbnail(self, video, seconds, width, out):
        self.ffmpeg("-ss", f"{min(1.0, seconds / 3):.2f}", "-i", video, "-frames:v", "1", "-vf", f"scale={min(720, width)}:-2", "-q:v", "4", out)

    def video_codec(self):
        return ["-c:v", "libx264", "-preset", self.settings.preset, "-crf", "26", "-pix_fmt", "yuv420p", "-g", str(GOP)]


def audio_codec():
    return ["-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2"]


def fit_filter(fit, width, height):
    """
    A picture of any shape brought into a W x H frame, as the contract's `fit` says: `crop` scales
    it to cover the frame and cuts the middle out; `letterbox` scales it to fit inside, on black bars.
    """
    if fit == "letterbox":
        return (f"scale={width}:{height}:force_original_aspect_ratio=decrease,"
                f"pad={width}:{height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1")
    return f"scale={width}:{height}:force_original_aspect_ratio=increase,crop={width}:{height},setsar=1"
