"""Forced alignment of narration clips with pocketsphinx's en-us model, for the narration bench.

Reads JSON from stdin: [{"wav": path to 16 kHz mono 16-bit WAV, "words": [written words]}] and
writes JSON to stdout: one entry per clip, the start in seconds of each word as the aligner
places it, or {"error": why} when a word is not in the dictionary or the alignment fails.
"""
import json
import re
import sys
import wave

from pocketsphinx import Decoder

FILLERS = {'<s>', '</s>', '<sil>', '(NULL)', '[NOISE]'}


def align(clip):
    words = [re.sub(r"[^a-z']", '', w.lower()) for w in clip['words']]
    decoder = Decoder(samprate=16000, bestpath=False, loglevel='FATAL')
    unknown = [w for w in words if not decoder.lookup_word(w)]
    if unknown:
        return {'error': 'not in the dictionary: ' + ', '.join(unknown)}
    decoder.set_align_text(' '.join(words))
    with wave.open(clip['wav']) as f:
        audio = f.readframes(f.getnframes())
    decoder.start_utt()
    decoder.process_raw(audio, full_utt=True)
    decoder.end_utt()
    starts = [s.start_frame / 100 for s in decoder.seg() if s.word not in FILLERS]
    if len(starts) != len(words):
        return {'error': f'aligned {len(starts)} of {len(words)} words'}
    return {'starts': starts}


json.dump([align(clip) for clip in json.load(sys.stdin)], sys.stdout)
