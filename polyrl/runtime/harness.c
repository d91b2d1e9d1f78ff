/* polyrl timing harness: definitions linked into every instrumented program.
 *
 * Environment: POLYRL_REPEAT (timed runs after the warm-up, at least; default 1),
 * POLYRL_MIN_TIME (seconds: while the timed runs, with the restores between them, add
 * up to less, more runs follow; default 0), POLYRL_MAX_RUNS (no more timed runs than
 * this once POLYRL_REPEAT are done; default 1000), POLYRL_TIMES (one line per timed
 * run, seconds), POLYRL_DUMP (written arrays, appended: a text header line
 * "polyrl-array NAME KIND ELSIZE COUNT NDIM D1..." followed by COUNT*ELSIZE raw bytes).
 *
 * A batch binary holds several variants of the region (variant 0 the original) and, on the
 * region's first call, runs each once from the snapshot (its warm-up, after which its arrays
 * go to $POLYRL_DUMP.<variant>), then times them in rounds, each round in a rotated order,
 * until every variant has at least $POLYRL_REPEAT timed runs adding up to $POLYRL_MIN_TIME
 * (at most $POLYRL_MAX_RUNS). A variant whose warm-up, times 1 + $POLYRL_REPEAT, is over
 * $POLYRL_VARIANT_TIMEOUT seconds is not timed (it would not have finished as a lone binary).
 * With $POLYRL_PRUNE = F > 0, a variant other than the original whose timed runs so far are all
 * over F times the fastest timed run of the batch at the end of a round, and add up to at least
 * $POLYRL_PRUNE_AFTER seconds (default 0), gets no more runs (it keeps the ones it has).
 * $POLYRL_TIMES then gets "VARIANT SECONDS" lines, "VARIANT timeout" for the variants not
 * timed and "VARIANT pruned" for those cut short. Last, the original runs once more from the snapshot, so the rest of
 * the program sees its results. Later calls of the region run each variant once from their
 * own snapshot and append its arrays to its dump, then the original once more.
 *
 * A timed run restores only the arrays the region reads before it writes them (the batch's
 * text asks polyrl_batch_timing): the others hold the same values after every run. The
 * warm-ups, whose arrays are dumped, and the original's last run restore them all.
 *
 * In a batch, an array a variant writes bitwise equal to the one the original (variant 0)
 * wrote in the same call of the region gets only its header line, with "polyrl-same" for
 * "polyrl-array" (verify.load_dump takes the original's array for it): the arrays are mostly
 * equal, and writing and reading them again was most of a batch's time outside its timed runs
 * (reports/session39). Up to POLYRL_SAME_LIMIT bytes of the original's arrays (default 1 GiB)
 * are kept for the comparison; beyond that the arrays are written whole.
 *
 * With POLYRL_SIGNAL_FD and POLYRL_WAIT_FD (a measuring worker's pipes, runtime.run_batch), a
 * batch writes "w" to the first as each warm-up of the region's first call starts, "r" before
 * its first timed round and then waits for a byte on the second, and "d" after its last timed
 * round: the worker holds quiet cores for the
 * timed rounds only. Until "r" the worker may stop the process (SIGSTOP, then SIGCONT) while
 * another batch times; a warm-up that a SIGCONT interrupted is not used for the timeout check,
 * which the variant's first timed run makes instead. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double *polyrl_times = NULL;

static void polyrl_fail(const char *what, const char *path)
{
    fprintf(stderr, "polyrl harness: cannot %s %s\n", what, path ? path : "(unset)");
    exit(97);
}

double polyrl_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int polyrl_env_int(const char *name, int fallback)
{
    const char *s = getenv(name);
    int n = s ? atoi(s) : fallback;
    return n < 0 ? 0 : n;
}

static double polyrl_env_seconds(const char *name)
{
    const char *s = getenv(name);
    double t = s ? atof(s) : 0.0;
    return t > 0.0 ? t : 0.0;
}

/* Set on the warm-up (run 0), read by the timed runs after it. */
static int polyrl_min_runs, polyrl_max_runs;
static double polyrl_min_time, polyrl_timed_start;

int polyrl_next_run(int run)
{
    if (run == 0) {
        polyrl_min_runs = polyrl_env_int("POLYRL_REPEAT", 1);
        polyrl_max_runs = polyrl_env_int("POLYRL_MAX_RUNS", 1000);
        polyrl_min_time = polyrl_env_seconds("POLYRL_MIN_TIME");
        return 1;
    }
    if (polyrl_min_runs == 0) /* the arrays only: no timed run */
        return 0;
    if (run == 1)
        polyrl_timed_start = polyrl_now();
    if (run <= polyrl_min_runs)
        return 1;
    /* a short region runs on until its runs add up to the minimum time: the minimum of
     * 3 runs of 200 us is mostly noise, the minimum of hundreds is not */
    return run <= polyrl_max_runs && polyrl_now() - polyrl_timed_start < polyrl_min_time;
}

void *polyrl_snapshot(const void *src, unsigned long bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        polyrl_fail("allocate a snapshot for", "the region");
    memcpy(p, src, bytes);
    return p;
}

void polyrl_restore(void *dst, const void *snapshot, unsigned long bytes)
{
    memcpy(dst, snapshot, bytes);
}

void polyrl_release(void *snapshot)
{
    free(snapshot);
}

static int polyrl_timed_runs = 0, polyrl_capacity = 0;

/* Runs come one after another: run r (r >= 1) is timed run r of the table. */
void polyrl_record_time(int run, double seconds)
{
    if (run < 1) /* the warm-up is not kept */
        return;
    if (run > polyrl_capacity) {
        polyrl_capacity = polyrl_capacity ? 2 * polyrl_capacity : 16;
        polyrl_times = (double *)realloc(polyrl_times, (size_t)polyrl_capacity * sizeof(double));
        if (!polyrl_times)
            polyrl_fail("allocate", "the time table");
    }
    polyrl_times[run - 1] = seconds;
    polyrl_timed_runs = run;
}

void polyrl_write_times(void)
{
    const char *path = getenv("POLYRL_TIMES");
    FILE *f;
    int k;
    if (!path)
        return;
    f = fopen(path, "w");
    if (!f)
        polyrl_fail("write", path);
    for (k = 0; k < polyrl_timed_runs; ++k)
        fprintf(f, "%.9e\n", polyrl_times[k]);
    fclose(f);
}

/* ---------------------------------------------------------------- batches */

static int polyrl_nv = 0, polyrl_phase = 0, polyrl_cur = -1, polyrl_round = 0, polyrl_slot = 0;
static int *polyrl_count = NULL, *polyrl_timedout = NULL;
static double *polyrl_sum = NULL, polyrl_variant_timeout = 0.0;
static double *polyrl_fastest = NULL; /* per variant, its fastest timed run */
static double polyrl_prune = 0.0, polyrl_prune_after = 0.0; /* $POLYRL_PRUNE, $POLYRL_PRUNE_AFTER */
static int *polyrl_pruned = NULL;
/* the measuring worker may stop a batch (SIGSTOP) during its warm-ups while another batch
 * times: a warm-up that spanned a stop says nothing about the variant's speed, so the
 * timeout check waits for its first timed run (polyrl_recheck) */
static volatile sig_atomic_t polyrl_continued = 0;
static int *polyrl_recheck = NULL;

static void polyrl_on_continue(int sig)
{
    (void)sig;
    polyrl_continued = 1;
}
static FILE *polyrl_times_out = NULL;
static char *polyrl_dump_override = NULL;
static int polyrl_later = 0;

/* the original's arrays of the current call, in the order it dumped them (see the top); a
 * name is the dump call's string literal, the same in every variant */
struct polyrl_kept {
    const char *name;
    void *data; /* NULL: not kept (over the limit, or no memory): the variants write it whole */
    unsigned long bytes;
};
static struct polyrl_kept *polyrl_same = NULL;
static unsigned long polyrl_same_kept = 0;
static int polyrl_same_n = 0, polyrl_same_cap = 0, polyrl_dump_k = 0;

static void polyrl_same_forget(void)
{
    int k;
    for (k = 0; k < polyrl_same_n; ++k)
        free(polyrl_same[k].data);
    polyrl_same_n = 0;
    polyrl_same_kept = 0;
}

/* keep a copy of the original's next array of this call */
static void polyrl_same_keep(const char *name, const void *data, unsigned long bytes)
{
    const char *s = getenv("POLYRL_SAME_LIMIT");
    unsigned long limit = s ? strtoul(s, NULL, 10) : (1UL << 30);
    struct polyrl_kept *k;
    if (polyrl_same_n == polyrl_same_cap) {
        int cap = polyrl_same_cap ? 2 * polyrl_same_cap : 16;
        struct polyrl_kept *grown = (struct polyrl_kept *)realloc(polyrl_same, (size_t)cap * sizeof *grown);
        if (!grown)
            return; /* this array and the later ones are written whole */
        polyrl_same = grown;
        polyrl_same_cap = cap;
    }
    k = &polyrl_same[polyrl_same_n++];
    k->name = name;
    k->bytes = bytes;
    k->data = polyrl_same_kept + bytes <= limit ? malloc(bytes ? bytes : 1) : NULL;
    if (k->data) {
        memcpy(k->data, data, bytes);
        polyrl_same_kept += bytes;
    }
}

void polyrl_batch_start(int variants, int first_call)
{
    const char *path = getenv("POLYRL_TIMES");
    polyrl_nv = variants;
    polyrl_cur = -1;
    polyrl_phase = 0;
    polyrl_later = !first_call;
    if (polyrl_later) /* later calls: each variant once more for its arrays, untimed */
        return;
    polyrl_min_runs = polyrl_env_int("POLYRL_REPEAT", 1);
    polyrl_max_runs = polyrl_env_int("POLYRL_MAX_RUNS", 1000);
    polyrl_min_time = polyrl_env_seconds("POLYRL_MIN_TIME");
    polyrl_variant_timeout = polyrl_env_seconds("POLYRL_VARIANT_TIMEOUT");
    polyrl_count = (int *)calloc((size_t)variants, sizeof(int));
    polyrl_timedout = (int *)calloc((size_t)variants, sizeof(int));
    polyrl_sum = (double *)calloc((size_t)variants, sizeof(double));
    polyrl_fastest = (double *)calloc((size_t)variants, sizeof(double));
    polyrl_pruned = (int *)calloc((size_t)variants, sizeof(int));
    polyrl_recheck = (int *)calloc((size_t)variants, sizeof(int));
    polyrl_prune = polyrl_env_seconds("POLYRL_PRUNE");
    polyrl_prune_after = polyrl_env_seconds("POLYRL_PRUNE_AFTER");
    if (!polyrl_count || !polyrl_timedout || !polyrl_sum || !polyrl_fastest || !polyrl_pruned || !polyrl_recheck)
        polyrl_fail("allocate", "the batch tables");
    {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = polyrl_on_continue;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGCONT, &sa, NULL);
    }
    if (path && !(polyrl_times_out = fopen(path, "w")))
        polyrl_fail("write", path);
}

static int polyrl_wants_runs(int v)
{
    if (polyrl_timedout[v] || polyrl_pruned[v])
        return 0;
    if (polyrl_count[v] < polyrl_min_runs)
        return 1;
    return polyrl_count[v] < polyrl_max_runs && polyrl_sum[v] < polyrl_min_time;
}

/* At the end of a round: the variants (not the original) that want more runs, whose fastest
 * run is over polyrl_prune times the batch's fastest and whose runs add up to polyrl_prune_after
 * seconds get no more. */
static void polyrl_prune_slow(void)
{
    double best = 0.0;
    int k;
    if (polyrl_prune <= 0.0)
        return;
    for (k = 0; k < polyrl_nv; ++k)
        if (polyrl_count[k] > 0 && (best == 0.0 || polyrl_fastest[k] < best))
            best = polyrl_fastest[k];
    for (k = 1; k < polyrl_nv; ++k)
        if (polyrl_count[k] > 0 && polyrl_wants_runs(k) && polyrl_fastest[k] > polyrl_prune * best
            && polyrl_sum[k] >= polyrl_prune_after)
            polyrl_pruned[k] = 1;
}

/* Tell the measuring worker `c` ("w": a warm-up starts; "r": ready to time, then wait for its go;
 * "d": done timing), where it asked for it. */
static void polyrl_tell(char c)
{
    const char *tell = getenv("POLYRL_SIGNAL_FD"), *wait = getenv("POLYRL_WAIT_FD");
    char go;
    if (!tell || !wait)
        return;
    /* where no one listens (the write or the read fails), time at once */
    if (write(atoi(tell), &c, 1) == 1 && c == 'r')
        (void)!read(atoi(wait), &go, 1);
}

int polyrl_batch_next(void)
{
    int k;
    if (polyrl_phase == 0) { /* warm-ups, in order */
        polyrl_continued = 0;
        if (++polyrl_cur < polyrl_nv) {
            /* "w": the worker stops a batch whose warm-up runs over a lone variant's whole time limit,
             * which the timeout check after the warm-up cannot do (session 76: a 4-variant batch ran
             * 22 minutes under a 60 s limit) */
            if (!polyrl_later)
                polyrl_tell('w');
            return polyrl_cur;
        }
        polyrl_phase = polyrl_later ? 3 : 1;
        polyrl_round = 0;
        polyrl_slot = -1;
        if (polyrl_phase == 1 && polyrl_min_runs > 0)
            polyrl_tell('r');
    }
    if (polyrl_phase == 1) { /* timed rounds: a round visits the variants that want runs, rotated */
        if (polyrl_min_runs > 0) {
            for (;;) {
                while (++polyrl_slot < polyrl_nv) {
                    polyrl_cur = (polyrl_slot + polyrl_round) % polyrl_nv;
                    if (polyrl_wants_runs(polyrl_cur))
                        return polyrl_cur;
                }
                polyrl_prune_slow();
                for (k = 0; k < polyrl_nv && !polyrl_wants_runs(k); ++k)
                    ;
                if (k == polyrl_nv)
                    break;
                ++polyrl_round;
                polyrl_slot = -1;
            }
        }
        if (polyrl_min_runs > 0)
            polyrl_tell('d');
        if (polyrl_times_out) {
            for (k = 0; k < polyrl_nv; ++k)
                if (polyrl_timedout[k])
                    fprintf(polyrl_times_out, "%d timeout\n", k);
                else if (polyrl_pruned[k])
                    fprintf(polyrl_times_out, "%d pruned\n", k);
            fclose(polyrl_times_out);
            polyrl_times_out = NULL;
        }
        polyrl_phase = 3;
    }
    if (polyrl_phase == 3) { /* the original once more, untimed */
        polyrl_phase = 4;
        polyrl_cur = 0;
        return 0;
    }
    return -1;
}

void polyrl_batch_record(double seconds)
{
    if (polyrl_phase == 0 && !polyrl_later) {
        /* a lone variant gets the timeout for its warm-up and timed runs together */
        if (polyrl_continued)
            polyrl_recheck[polyrl_cur] = 1;
        else if (polyrl_variant_timeout > 0.0 && seconds * (1 + polyrl_min_runs) > polyrl_variant_timeout)
            polyrl_timedout[polyrl_cur] = 1;
        return;
    }
    if (polyrl_phase != 1)
        return;
    if (polyrl_recheck[polyrl_cur] && polyrl_count[polyrl_cur] == 0 && polyrl_variant_timeout > 0.0 &&
        seconds * (1 + polyrl_min_runs) > polyrl_variant_timeout)
        polyrl_timedout[polyrl_cur] = 1; /* no more runs; its status says timeout */
    if (polyrl_count[polyrl_cur] == 0 || seconds < polyrl_fastest[polyrl_cur])
        polyrl_fastest[polyrl_cur] = seconds;
    polyrl_count[polyrl_cur] += 1;
    polyrl_sum[polyrl_cur] += seconds;
    if (polyrl_times_out)
        fprintf(polyrl_times_out, "%d %.9e\n", polyrl_cur, seconds);
}

int polyrl_batch_timing(void)
{
    return polyrl_phase == 1;
}

int polyrl_batch_dump_due(void)
{
    const char *path = getenv("POLYRL_DUMP");
    size_t n;
    if (polyrl_phase != 0 || !path)
        return 0;
    n = strlen(path) + 16;
    polyrl_dump_override = (char *)malloc(n);
    if (!polyrl_dump_override)
        polyrl_fail("allocate", "a dump path");
    snprintf(polyrl_dump_override, n, "%s.%d", path, polyrl_cur);
    polyrl_dump_k = 0;
    if (polyrl_cur == 0)
        polyrl_same_forget();
    return 1;
}

void polyrl_batch_dump_end(void)
{
    free(polyrl_dump_override);
    polyrl_dump_override = NULL;
}

void polyrl_dump(const char *name, const void *data, unsigned long bytes, int kind,
                 unsigned long elsize, int ndim, ...)
{
    const char *path = polyrl_dump_override ? polyrl_dump_override : getenv("POLYRL_DUMP");
    FILE *f;
    va_list ap;
    int k;
    int same = 0; /* bitwise the original's: the header only */
    if (!path)
        return;
    if (polyrl_dump_override) { /* a batch's variant: the original's arrays are kept, the others' compared */
        int j = polyrl_dump_k++;
        if (polyrl_cur == 0)
            polyrl_same_keep(name, data, bytes);
        else if (j < polyrl_same_n && polyrl_same[j].data && polyrl_same[j].bytes == bytes &&
                 strcmp(polyrl_same[j].name, name) == 0 && memcmp(polyrl_same[j].data, data, bytes) == 0)
            same = 1;
    }
    f = fopen(path, "ab");
    if (!f)
        polyrl_fail("append to", path);
    fprintf(f, "%s %s %c %lu %lu %d", same ? "polyrl-same" : "polyrl-array", name, kind, elsize, elsize ? bytes / elsize : 0UL, ndim);
    va_start(ap, ndim);
    for (k = 1; k < ndim; ++k)
        fprintf(f, " %lu", va_arg(ap, unsigned long));
    va_end(ap);
    fputc('\n', f);
    if (!same && bytes && fwrite(data, 1, bytes, f) != bytes)
        polyrl_fail("write", path);
    fclose(f);
}
