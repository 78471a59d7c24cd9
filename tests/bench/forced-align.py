"""Forced alignment and recognition of narration clips with pocketsphinx's en-us model, for the narration bench.

Reads JSON from stdin: [{"wav": path to 16 kHz mono 16-bit WAV, "words": [written words]}] and
writes JSON to stdout, one entry per clip: the start in seconds of each word as the aligner places
it (or {"error": why} when a word is not in the dictionary or the alignment fails), and the
recogniser's word error rate on the clip with no text given (a machine's ear: how much of the
speech a general English recogniser makes out).
"""
import json
import re
import sys
import wave

from pocketsphinx import Decoder

FILLERS = {'<s>', '</s>', '<sil>', '(NULL)', '[NOISE]'}


def spoken(clip):
    return [re.sub(r"[^a-z']", '', w.lower()) for w in clip['words']]


def read(path):
    with wave.open(path) as f:
        return f.readframes(f.getnframes())


def align(clip):
    words = spoken(clip)
    decoder = Decoder(samprate=16000, bestpath=False, loglevel='FATAL')
    unknown = [w for w in words if not decoder.lookup_word(w)]
    if unknown:
        return {'error': 'not in the dictionary: ' + ', '.join(unknown)}
    decoder.set_align_text(' '.join(words))
    decoder.start_utt()
    decoder.process_raw(read(clip['wav']), full_utt=True)
    decoder.end_utt()
    segments = decoder.seg()
    if segments is None:
        return {'error': 'no alignment found'}
    starts = [s.start_frame / 100 for s in segments if s.word not in FILLERS]
    if len(starts) != len(words):
        return {'error': f'aligned {len(starts)} of {len(words)} words'}
    return {'starts': starts}


def word_error_rate(clip):
    decoder = Decoder(samprate=16000, loglevel='FATAL')
    decoder.start_utt()
    decoder.process_raw(read(clip['wav']), full_utt=True)
    decoder.end_utt()
    heard = decoder.hyp().hypstr.split() if decoder.hyp() else []
    said = spoken(clip)
    # Levenshtein distance over words, one row at a time.
    row = list(range(len(heard) + 1))
    for i, word in enumerate(said, 1):
        previous, row[0] = row[0], i
        for j, other in enumerate(heard, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (word != other))
    return row[-1] / len(said)


json.dump([{**align(clip), 'wer': word_error_rate(clip)} for clip in json.load(sys.stdin)], sys.stdout)
