/*
 * espeak-timings: synthesise narration lines with libespeak-ng and print exact word timings.
 *
 * Usage: espeak-timings --voice en-us+m3 --rate 160 --pitch 50 --range 50 --gap 250 --out out.wav < lines.txt
 *   stdin: UTF-8 text, one narration line per input line (empty lines are skipped).
 *   stdout: JSON {"sampleRate":22050,"durationMs":1234,"lines":[{"startMs":0,"endMs":900}],
 *                 "words":[{"line":0,"startMs":12,"textPos":0,"length":5}], "ends":[{"line":0,"ms":870}]}
 *   textPos is the 0-based character (code point) offset of the word in its line, length in characters.
 * All times are positions in the written WAV (16-bit mono PCM), including the gaps between lines.
 */
#include <espeak-ng/speak_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static short *pcm = NULL;
static size_t pcm_len = 0, pcm_cap = 0;
static int sample_rate = 22050;
static int current_line = 0;
static size_t line_base = 0; /* samples before the current line */

typedef struct { int line; long start_ms; int text_pos; int length; } word_t;
typedef struct { int line; long ms; } end_t;
static word_t *words = NULL; static size_t nwords = 0, cap_words = 0;
static end_t *ends = NULL; static size_t nends = 0, cap_ends = 0;

static void append_samples(const short *s, size_t n) {
  if (pcm_len + n > pcm_cap) {
    size_t cap = pcm_cap ? pcm_cap * 2 : 1 << 20;
    while (cap < pcm_len + n) cap *= 2;
    pcm = realloc(pcm, cap * sizeof(short));
    if (!pcm) { fprintf(stderr, "out of memory\n"); exit(3); }
    pcm_cap = cap;
  }
  if (s) memcpy(pcm + pcm_len, s, n * sizeof(short)); else memset(pcm + pcm_len, 0, n * sizeof(short));
  pcm_len += n;
}

static long base_ms(void) { return (long)((double)line_base * 1000.0 / sample_rate); }

static int on_synth(short *wav, int numsamples, espeak_EVENT *events) {
  if (wav && numsamples > 0) append_samples(wav, (size_t)numsamples);
  for (espeak_EVENT *e = events; e && e->type != espeakEVENT_LIST_TERMINATED; e++) {
    if (e->type == espeakEVENT_WORD) {
      if (nwords == cap_words) { cap_words = cap_words ? cap_words * 2 : 256; words = realloc(words, cap_words * sizeof(word_t)); }
      words[nwords].line = current_line;
      words[nwords].start_ms = base_ms() + e->audio_position;
      words[nwords].text_pos = e->text_position - 1;
      words[nwords].length = e->length;
      nwords++;
    } else if (e->type == espeakEVENT_END || e->type == espeakEVENT_MSG_TERMINATED) {
      if (nends == cap_ends) { cap_ends = cap_ends ? cap_ends * 2 : 64; ends = realloc(ends, cap_ends * sizeof(end_t)); }
      ends[nends].line = current_line;
      ends[nends].ms = base_ms() + e->audio_position;
      nends++;
    }
  }
  return 0;
}

static void put_le(FILE *f, unsigned v, int bytes) { for (int i = 0; i < bytes; i++) fputc((v >> (8 * i)) & 0xff, f); }

static int write_wav(const char *path) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  unsigned data = (unsigned)(pcm_len * 2);
  fwrite("RIFF", 1, 4, f); put_le(f, 36 + data, 4); fwrite("WAVEfmt ", 1, 8, f);
  put_le(f, 16, 4); put_le(f, 1, 2); put_le(f, 1, 2); put_le(f, (unsigned)sample_rate, 4);
  put_le(f, (unsigned)sample_rate * 2, 4); put_le(f, 2, 2); put_le(f, 16, 2);
  fwrite("data", 1, 4, f); put_le(f, data, 4);
  fwrite(pcm, sizeof(short), pcm_len, f);
  return fclose(f);
}

static char *read_all(FILE *f) {
  size_t cap = 4096, len = 0; char *buf = malloc(cap);
  size_t n;
  while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) { len += n; if (cap - len < 2) { cap *= 2; buf = realloc(buf, cap); } }
  buf[len] = 0;
  return buf;
}

int main(int argc, char **argv) {
  const char *voice = "en-us", *out = NULL;
  int rate = 160, pitch = 50, range = 50, gap_ms = 250;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--voice")) voice = argv[i + 1];
    else if (!strcmp(argv[i], "--rate")) rate = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--pitch")) pitch = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--range")) range = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--gap")) gap_ms = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--out")) out = argv[i + 1];
    else { fprintf(stderr, "unknown option %s\n", argv[i]); return 2; }
  }
  if (!out) { fprintf(stderr, "usage: espeak-timings --voice V --rate R --pitch P --range G --gap MS --out file.wav < text\n"); return 2; }

  sample_rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, 0);
  if (sample_rate <= 0) { fprintf(stderr, "espeak_Initialize failed\n"); return 1; }
  espeak_SetSynthCallback(on_synth);
  if (espeak_SetVoiceByName(voice) != EE_OK) { fprintf(stderr, "unknown voice %s\n", voice); return 1; }
  espeak_SetParameter(espeakRATE, rate, 0);
  espeak_SetParameter(espeakPITCH, pitch, 0);
  espeak_SetParameter(espeakRANGE, range, 0);

  char *text = read_all(stdin);
  size_t gap = (size_t)((long)sample_rate * gap_ms / 1000);
  printf("{\"lines\":[");
  int first_line = 1;
  char *save = NULL;
  for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    size_t n = strlen(line);
    if (n && line[n - 1] == '\r') line[--n] = 0;
    if (n == 0) continue;
    if (!first_line) append_samples(NULL, gap);
    line_base = pcm_len;
    long start = base_ms();
    espeak_ERROR err = espeak_Synth(line, n + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL);
    if (err != EE_OK) { fprintf(stderr, "espeak_Synth failed (%d)\n", err); return 1; }
    espeak_Synchronize();
    printf("%s{\"startMs\":%ld,\"endMs\":%ld}", first_line ? "" : ",", start, (long)((double)pcm_len * 1000.0 / sample_rate));
    first_line = 0;
    current_line++;
  }
  printf("],\"words\":[");
  for (size_t i = 0; i < nwords; i++)
    printf("%s{\"line\":%d,\"startMs\":%ld,\"textPos\":%d,\"length\":%d}", i ? "," : "", words[i].line, words[i].start_ms, words[i].text_pos, words[i].length);
  printf("],\"ends\":[");
  for (size_t i = 0; i < nends; i++) printf("%s{\"line\":%d,\"ms\":%ld}", i ? "," : "", ends[i].line, ends[i].ms);
  printf("],\"sampleRate\":%d,\"durationMs\":%ld}\n", sample_rate, (long)((double)pcm_len * 1000.0 / sample_rate));
  if (write_wav(out) != 0) { fprintf(stderr, "cannot write %s\n", out); return 1; }
  espeak_Terminate();
  return 0;
}
