/* polyrl timing harness: declarations pasted at the top of the private, instrumented
 * copy of a program. The definitions live in harness.c, compiled as a separate
 * translation unit so that the user's file needs no extra #include. */
double polyrl_now(void);                  /* CLOCK_MONOTONIC, seconds */
/* Whether run `run` happens: 0 is the warm-up, then at least $POLYRL_REPEAT timed runs,
 * more while they add up to less than $POLYRL_MIN_TIME seconds (at most $POLYRL_MAX_RUNS). */
int polyrl_next_run(int run);
void *polyrl_snapshot(const void *src, unsigned long bytes);
void polyrl_restore(void *dst, const void *snapshot, unsigned long bytes);
void polyrl_release(void *snapshot);
void polyrl_record_time(int run, double seconds); /* run 0, the warm-up, is not kept */
void polyrl_write_times(void);            /* the timed runs to $POLYRL_TIMES */
/* Append one array to $POLYRL_DUMP; the trailing extents (ndim - 1 of them) follow. */
void polyrl_dump(const char *name, const void *data, unsigned long bytes, int kind,
                 unsigned long elsize, int ndim, ...);
/* Batches: several variants of the region in one binary, timed interleaved (see harness.c). */
void polyrl_batch_start(int variants, int first_call);
int polyrl_batch_next(void);              /* the variant to run next, -1 when done */
void polyrl_batch_record(double seconds); /* the run polyrl_batch_next chose took this long */
int polyrl_batch_timing(void);            /* the variant runs in a timed round (its arrays are not dumped) */
int polyrl_batch_dump_due(void);          /* its arrays are to be dumped now */
void polyrl_batch_dump_end(void);

static __inline__ long polyrl_min(long a, long b) { return a < b ? a : b; }
static __inline__ long polyrl_max(long a, long b) { return a > b ? a : b; }
static __inline__ long polyrl_floord(long a, long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static __inline__ long polyrl_ceild(long a, long b) { return a >= 0 ? (a + b - 1) / b : -(-a / b); }

/* Element kind for the dump header: 'f' floating, 'i' signed, 'u' unsigned, 'b' raw bytes. */
#define POLYRL_KIND(x) _Generic((x), \
    float: 'f', double: 'f', long double: 'f', \
    char: ((char)-1 < 0 ? 'i' : 'u'), signed char: 'i', short: 'i', int: 'i', long: 'i', \
    long long: 'i', unsigned char: 'u', unsigned short: 'u', unsigned int: 'u', \
    unsigned long: 'u', unsigned long long: 'u', _Bool: 'u', default: 'b')
