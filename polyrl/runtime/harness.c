/* polyrl timing harness: definitions linked into every instrumented program.
 *
 * Environment: POLYRL_REPEAT (timed runs after the warm-up, default 1),
 * POLYRL_TIMES (one line per timed run, seconds), POLYRL_DUMP (written arrays,
 * appended: a text header line "polyrl-array NAME KIND ELSIZE COUNT NDIM D1..."
 * followed by COUNT*ELSIZE raw bytes). */
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

int polyrl_repeat(void)
{
    const char *s = getenv("POLYRL_REPEAT");
    int n = s ? atoi(s) : 1;
    return n < 0 ? 0 : n;
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

void polyrl_record_time(int run, int runs, double seconds)
{
    const char *path;
    FILE *f;
    int k;
    if (!polyrl_times)
        polyrl_times = (double *)calloc((size_t)(runs > 0 ? runs : 1), sizeof(double));
    if (!polyrl_times)
        polyrl_fail("allocate", "the time table");
    polyrl_times[run] = seconds;
    if (run != runs - 1)
        return;
    path = getenv("POLYRL_TIMES");
    if (!path)
        return;
    f = fopen(path, "w");
    if (!f)
        polyrl_fail("write", path);
    for (k = 1; k < runs; ++k) /* run 0 is the warm-up */
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
