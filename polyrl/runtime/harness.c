/* polyrl timing harness: definitions linked into every instrumented program.
 *
 * Environment: POLYRL_REPEAT (timed runs after the warm-up, at least; default 1),
 * POLYRL_MIN_TIME (seconds: while the timed runs, with the restores between them, add
 * up to less, more runs follow; default 0), POLYRL_MAX_RUNS (no more timed runs than
 * this once POLYRL_REPEAT are done; default 1000), POLYRL_TIMES (one line per timed
 * run, seconds), POLYRL_DUMP (written arrays, appended: a text header line
 * "polyrl-array NAME KIND ELSIZE COUNT NDIM D1..." followed by COUNT*ELSIZE raw bytes). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

void polyrl_dump(const char *name, const void *data, unsigned long bytes, int kind,
                 unsigned long elsize, int ndim, ...)
{
    const char *path = getenv("POLYRL_DUMP");
    FILE *f;
    va_list ap;
    int k;
    if (!path)
        return;
    f = fopen(path, "ab");
    if (!f)
        polyrl_fail("append to", path);
    fprintf(f, "polyrl-array %s %c %lu %lu %d", name, kind, elsize, elsize ? bytes / elsize : 0UL, ndim);
    va_start(ap, ndim);
    for (k = 1; k < ndim; ++k)
        fprintf(f, " %lu", va_arg(ap, unsigned long));
    va_end(ap);
    fputc('\n', f);
    if (bytes && fwrite(data, 1, bytes, f) != bytes)
        polyrl_fail("write", path);
    fclose(f);
}
