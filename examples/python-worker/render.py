"""One render: a video made from the request (cards, or the creator's own media for some scenes), or
an uploaded finished video normalised (`import`). `reach(status, **fields)` publishes each stage.
"""
import os

from contract import FRAME_SIZES
from media import FPS, Scene, Unplayable

SCENE_SECONDS = 2.0  # this worker's own choice: a short video, two seconds a scene
OWN_SCRIPT_LINES = 3


class GiveUp(Exception):
    """A render no retry can help (the creator's file is gone or unreadable): reported `failed` at once."""


def media_folder(request):
    """Where a render's media go: `videos/<userId>/<videoId>/`, a re-render's under `v<version>/`."""
    version = request.get("version", 1)
    return f"videos/{request['userId']}/{request['videoId']}" + (f"/v{version}" if version > 1 else "")


def script_for(request):
    """The request's own script (a re-render of the creator's edits), or a short one of ours: a line per scene."""
    given = request.get("script")
    if given:
        return given
    subject = request.get("customPrompt") or request["topic"]
    lines = [
        f"{subject}.",
        f"A {request['style']} short in {request['language']}.",
        "Rendered by a worker written in Python.",
    ]
    # A line, so a scene, for every library item the creator chose: none of them is left out.
    chosen = [index for index, item in enumerate(request.get("sceneMedia") or []) if item]
    lines += [f"{subject}, part {number}." for number in range(len(lines) + 1, (chosen[-1] + 2 if chosen else 0))]
    return {
        "title": subject[:100],
        "description": f"{subject}: a short made by the Python example worker."[:2000],
        "narrationScript": lines,
    }


class Render:
    def __init__(self, request, reach, store, tools, work, log):
        self.request = request
        self.reach = reach
        self.store = store
        self.tools = tools
        self.work = work
        self.log = log
        self.width, self.height = FRAME_SIZES[request["aspectRatio"]]
        self.keys = {name: f"{media_folder(request)}/{file}" for name, file in (("video", "video.mp4"), ("thumbnail", "thumbnail.jpg"))}

    def run(self):
        return self.import_video() if self.request.get("import") else self.make_video()

    def make_video(self):
        """start, script, audio, images, video, uploading, done: a scene per script line."""
        request = self.request
        self.reach("start")
        script = script_for(request)
        self.reach("script", script=script)

        lines = script["narrationScript"]
        frames = max(1, round(min(SCENE_SECONDS, request["duration"] / len(lines)) * FPS))
        audio = self.path("audio.wav")
        self.tools.tone(len(lines) * frames / FPS, audio)
        self.reach("audio", script=script)

        own = request.get("sceneMedia") or []
        scenes = [self.own_scene(index, own[index], line) if index < len(own) and own[index] else None for index, line in enumerate(lines)]
        for index, line in enumerate(lines):
            if scenes[index] is None:
                card = self.path(f"card-{index}.png")
                self.tools.card(index, self.width, self.height, card)
                scenes[index] = Scene(card, "still", "crop", line, own=False)
        self.reach("images", script=script)

        video = self.path("video.mp4")
        self.tools.join_scenes(scenes, frames, self.width, self.height, audio, self.work, video)
        seconds, _ = self.tools.probe(video)
        return self.finish(video, seconds, script)

    def own_scene(self, index, item, line):
        """The creator's image or clip for a scene, from the media store; None (a card instead) when it is gone."""
        source = self.path(f"own-{index}")
        if not self.store.download(item["blobKey"], source):
            # As the product's workers do: a library item deleted since the request gets a generated picture.
            self.log("library item gone from the media store: the scene gets a card", videoId=self.request["videoId"], mediaId=item["mediaId"], blobKey=item["blobKey"])
            return None
        if item["kind"] == "image":
            return Scene(source, "still", item["fit"], line, own=True)
        try:
            self.tools.probe(source)
        except Unplayable as error:
            raise GiveUp(f"Your clip for scene {index + 1} could not be read: {error}") from None
        return Scene(source, "clip", item["fit"], line, own=True)

    def import_video(self):
        """start, script (the title alone), video, uploading, done: the uploaded file normalised, nothing made."""
        source = self.request["import"]
        self.reach("start")
        script = {"title": source["title"], "description": "", "narrationScript": [source["title"]]}
        self.reach("script", script=script)
        original = self.path("upload")
        if not self.store.download(source["blobKey"], original):
            self.log("uploaded video gone from the media store", videoId=self.request["videoId"], mediaId=source["mediaId"], blobKey=source["blobKey"])
            raise GiveUp("The uploaded video is no longer in your library")
        video = self.path("video.mp4")
        try:
            seconds = self.tools.normalise(original, self.width, self.height, video)
        except Unplayable as error:
            raise GiveUp(f"The uploaded video could not be read: {error}") from None
        os.remove(original)
        return self.finish(video, seconds, script)

    def finish(self, video, seconds, script):
        """video, uploading, done: the MP4 and its thumbnail stored where the product reads media."""
        thumbnail = self.path("thumbnail.jpg")
        self.tools.thumbnail(video, seconds, self.width, thumbnail)
        self.reach("video", script=script)
        self.reach("uploading", script=script)
        self.store.upload(thumbnail, self.keys["thumbnail"], "image/jpeg")
        self.store.upload(video, self.keys["video"], "video/mp4")
        media = {
            "videoKey": self.keys["video"],
            "thumbnailKey": self.keys["thumbnail"],
            "durationSeconds": round(seconds, 3),
            "width": self.width,
            "height": self.height,
            "sizeBytes": os.path.getsize(video),
        }
        self.reach("done", script=script, media=media)
        return media

    def path(self, name):
        return os.path.join(self.work, name)

